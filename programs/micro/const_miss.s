//! buffer o0 = zeros(32)
//! buffer o1 = zeros(32)
//! buffer o2 = zeros(32)
//! buffer o3 = zeros(32)
//! buffer o4 = zeros(32)
//! buffer o5 = zeros(32)
//! buffer o6 = zeros(256)
//! buffer o7 = zeros(4224)
//! buffer o8 = zeros(33792)
//! buffer o9 = zeros(33792)
//! launch c_n1 grid=1 block=32 args=(o0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
//! launch c_s4_n8 grid=1 block=32 args=(o1, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
//! launch c_s32_n8 grid=1 block=32 args=(o2, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
//! launch c_s64_n2 grid=1 block=32 args=(o3, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
//! launch c_s64_n4 grid=1 block=32 args=(o4, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
//! launch c_s64_n8 grid=1 block=32 args=(o5, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
//! launch c_s64_n8 grid=1 block=256 args=(o6, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
//! launch c_s64_n8 grid=132 block=32 args=(o7, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
//! launch c_s64_n8 grid=132 block=256 args=(o8, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
//! launch c_n1 grid=132 block=256 args=(o9, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
//! check o0 = arange(32) + 1.0 tol=0
//! check o1 = arange(32) + 8.0 tol=0
//! check o2 = arange(32) + 8.0 tol=0
//! check o3 = arange(32) + 2.0 tol=0
//! check o4 = arange(32) + 4.0 tol=0
//! check o5 = arange(32) + 8.0 tol=0
//! check o6 = arange(256) + 8.0 tol=0
//! check o7 = arange(4224) + 8.0 tol=0
//! check o8 = arange(33792) + 8.0 tol=0
//! check o9 = arange(33792) + 1.0 tol=0

// Generated by tools/gen_front_micros.py: the constant cache (see there).

.version 8.0
.target sm_90
.address_size 64

.visible .entry c_n1(
	.param .u64 o,
	.param .f32 p0,
	.param .f32 p1,
	.param .f32 p2,
	.param .f32 p3,
	.param .f32 p4,
	.param .f32 p5,
	.param .f32 p6,
	.param .f32 p7,
	.param .f32 p8,
	.param .f32 p9,
	.param .f32 p10,
	.param .f32 p11,
	.param .f32 p12,
	.param .f32 p13,
	.param .f32 p14,
	.param .f32 p15,
	.param .f32 p16,
	.param .f32 p17,
	.param .f32 p18,
	.param .f32 p19,
	.param .f32 p20,
	.param .f32 p21,
	.param .f32 p22,
	.param .f32 p23,
	.param .f32 p24,
	.param .f32 p25,
	.param .f32 p26,
	.param .f32 p27,
	.param .f32 p28,
	.param .f32 p29,
	.param .f32 p30,
	.param .f32 p31,
	.param .f32 p32,
	.param .f32 p33,
	.param .f32 p34,
	.param .f32 p35,
	.param .f32 p36,
	.param .f32 p37,
	.param .f32 p38,
	.param .f32 p39,
	.param .f32 p40,
	.param .f32 p41,
	.param .f32 p42,
	.param .f32 p43,
	.param .f32 p44,
	.param .f32 p45,
	.param .f32 p46,
	.param .f32 p47,
	.param .f32 p48,
	.param .f32 p49,
	.param .f32 p50,
	.param .f32 p51,
	.param .f32 p52,
	.param .f32 p53,
	.param .f32 p54,
	.param .f32 p55,
	.param .f32 p56,
	.param .f32 p57,
	.param .f32 p58,
	.param .f32 p59,
	.param .f32 p60,
	.param .f32 p61,
	.param .f32 p62,
	.param .f32 p63,
	.param .f32 p64,
	.param .f32 p65,
	.param .f32 p66,
	.param .f32 p67,
	.param .f32 p68,
	.param .f32 p69,
	.param .f32 p70,
	.param .f32 p71,
	.param .f32 p72,
	.param .f32 p73,
	.param .f32 p74,
	.param .f32 p75,
	.param .f32 p76,
	.param .f32 p77,
	.param .f32 p78,
	.param .f32 p79,
	.param .f32 p80,
	.param .f32 p81,
	.param .f32 p82,
	.param .f32 p83,
	.param .f32 p84,
	.param .f32 p85,
	.param .f32 p86,
	.param .f32 p87,
	.param .f32 p88,
	.param .f32 p89,
	.param .f32 p90,
	.param .f32 p91,
	.param .f32 p92,
	.param .f32 p93,
	.param .f32 p94,
	.param .f32 p95,
	.param .f32 p96,
	.param .f32 p97,
	.param .f32 p98,
	.param .f32 p99,
	.param .f32 p100,
	.param .f32 p101,
	.param .f32 p102,
	.param .f32 p103,
	.param .f32 p104,
	.param .f32 p105,
	.param .f32 p106,
	.param .f32 p107,
	.param .f32 p108,
	.param .f32 p109,
	.param .f32 p110,
	.param .f32 p111,
	.param .f32 p112,
	.param .f32 p113,
	.param .f32 p114,
	.param .f32 p115,
	.param .f32 p116,
	.param .f32 p117,
	.param .f32 p118,
	.param .f32 p119,
	.param .f32 p120,
	.param .f32 p121,
	.param .f32 p122,
	.param .f32 p123,
	.param .f32 p124,
	.param .f32 p125,
	.param .f32 p126,
	.param .f32 p127
)
{
	.reg .f32 	%f<3>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [o];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	cvt.rn.f32.u32 	%f1, %r4;
	ld.param.f32 	%f2, [p0];
	add.f32 	%f1, %f1, %f2;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r4, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.f32 	[%rd3], %f1;
	ret;
}

.visible .entry c_s4_n8(
	.param .u64 o,
	.param .f32 p0,
	.param .f32 p1,
	.param .f32 p2,
	.param .f32 p3,
	.param .f32 p4,
	.param .f32 p5,
	.param .f32 p6,
	.param .f32 p7,
	.param .f32 p8,
	.param .f32 p9,
	.param .f32 p10,
	.param .f32 p11,
	.param .f32 p12,
	.param .f32 p13,
	.param .f32 p14,
	.param .f32 p15,
	.param .f32 p16,
	.param .f32 p17,
	.param .f32 p18,
	.param .f32 p19,
	.param .f32 p20,
	.param .f32 p21,
	.param .f32 p22,
	.param .f32 p23,
	.param .f32 p24,
	.param .f32 p25,
	.param .f32 p26,
	.param .f32 p27,
	.param .f32 p28,
	.param .f32 p29,
	.param .f32 p30,
	.param .f32 p31,
	.param .f32 p32,
	.param .f32 p33,
	.param .f32 p34,
	.param .f32 p35,
	.param .f32 p36,
	.param .f32 p37,
	.param .f32 p38,
	.param .f32 p39,
	.param .f32 p40,
	.param .f32 p41,
	.param .f32 p42,
	.param .f32 p43,
	.param .f32 p44,
	.param .f32 p45,
	.param .f32 p46,
	.param .f32 p47,
	.param .f32 p48,
	.param .f32 p49,
	.param .f32 p50,
	.param .f32 p51,
	.param .f32 p52,
	.param .f32 p53,
	.param .f32 p54,
	.param .f32 p55,
	.param .f32 p56,
	.param .f32 p57,
	.param .f32 p58,
	.param .f32 p59,
	.param .f32 p60,
	.param .f32 p61,
	.param .f32 p62,
	.param .f32 p63,
	.param .f32 p64,
	.param .f32 p65,
	.param .f32 p66,
	.param .f32 p67,
	.param .f32 p68,
	.param .f32 p69,
	.param .f32 p70,
	.param .f32 p71,
	.param .f32 p72,
	.param .f32 p73,
	.param .f32 p74,
	.param .f32 p75,
	.param .f32 p76,
	.param .f32 p77,
	.param .f32 p78,
	.param .f32 p79,
	.param .f32 p80,
	.param .f32 p81,
	.param .f32 p82,
	.param .f32 p83,
	.param .f32 p84,
	.param .f32 p85,
	.param .f32 p86,
	.param .f32 p87,
	.param .f32 p88,
	.param .f32 p89,
	.param .f32 p90,
	.param .f32 p91,
	.param .f32 p92,
	.param .f32 p93,
	.param .f32 p94,
	.param .f32 p95,
	.param .f32 p96,
	.param .f32 p97,
	.param .f32 p98,
	.param .f32 p99,
	.param .f32 p100,
	.param .f32 p101,
	.param .f32 p102,
	.param .f32 p103,
	.param .f32 p104,
	.param .f32 p105,
	.param .f32 p106,
	.param .f32 p107,
	.param .f32 p108,
	.param .f32 p109,
	.param .f32 p110,
	.param .f32 p111,
	.param .f32 p112,
	.param .f32 p113,
	.param .f32 p114,
	.param .f32 p115,
	.param .f32 p116,
	.param .f32 p117,
	.param .f32 p118,
	.param .f32 p119,
	.param .f32 p120,
	.param .f32 p121,
	.param .f32 p122,
	.param .f32 p123,
	.param .f32 p124,
	.param .f32 p125,
	.param .f32 p126,
	.param .f32 p127
)
{
	.reg .f32 	%f<3>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [o];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	cvt.rn.f32.u32 	%f1, %r4;
	ld.param.f32 	%f2, [p0];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p1];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p2];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p3];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p4];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p5];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p6];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p7];
	add.f32 	%f1, %f1, %f2;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r4, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.f32 	[%rd3], %f1;
	ret;
}

.visible .entry c_s32_n8(
	.param .u64 o,
	.param .f32 p0,
	.param .f32 p1,
	.param .f32 p2,
	.param .f32 p3,
	.param .f32 p4,
	.param .f32 p5,
	.param .f32 p6,
	.param .f32 p7,
	.param .f32 p8,
	.param .f32 p9,
	.param .f32 p10,
	.param .f32 p11,
	.param .f32 p12,
	.param .f32 p13,
	.param .f32 p14,
	.param .f32 p15,
	.param .f32 p16,
	.param .f32 p17,
	.param .f32 p18,
	.param .f32 p19,
	.param .f32 p20,
	.param .f32 p21,
	.param .f32 p22,
	.param .f32 p23,
	.param .f32 p24,
	.param .f32 p25,
	.param .f32 p26,
	.param .f32 p27,
	.param .f32 p28,
	.param .f32 p29,
	.param .f32 p30,
	.param .f32 p31,
	.param .f32 p32,
	.param .f32 p33,
	.param .f32 p34,
	.param .f32 p35,
	.param .f32 p36,
	.param .f32 p37,
	.param .f32 p38,
	.param .f32 p39,
	.param .f32 p40,
	.param .f32 p41,
	.param .f32 p42,
	.param .f32 p43,
	.param .f32 p44,
	.param .f32 p45,
	.param .f32 p46,
	.param .f32 p47,
	.param .f32 p48,
	.param .f32 p49,
	.param .f32 p50,
	.param .f32 p51,
	.param .f32 p52,
	.param .f32 p53,
	.param .f32 p54,
	.param .f32 p55,
	.param .f32 p56,
	.param .f32 p57,
	.param .f32 p58,
	.param .f32 p59,
	.param .f32 p60,
	.param .f32 p61,
	.param .f32 p62,
	.param .f32 p63,
	.param .f32 p64,
	.param .f32 p65,
	.param .f32 p66,
	.param .f32 p67,
	.param .f32 p68,
	.param .f32 p69,
	.param .f32 p70,
	.param .f32 p71,
	.param .f32 p72,
	.param .f32 p73,
	.param .f32 p74,
	.param .f32 p75,
	.param .f32 p76,
	.param .f32 p77,
	.param .f32 p78,
	.param .f32 p79,
	.param .f32 p80,
	.param .f32 p81,
	.param .f32 p82,
	.param .f32 p83,
	.param .f32 p84,
	.param .f32 p85,
	.param .f32 p86,
	.param .f32 p87,
	.param .f32 p88,
	.param .f32 p89,
	.param .f32 p90,
	.param .f32 p91,
	.param .f32 p92,
	.param .f32 p93,
	.param .f32 p94,
	.param .f32 p95,
	.param .f32 p96,
	.param .f32 p97,
	.param .f32 p98,
	.param .f32 p99,
	.param .f32 p100,
	.param .f32 p101,
	.param .f32 p102,
	.param .f32 p103,
	.param .f32 p104,
	.param .f32 p105,
	.param .f32 p106,
	.param .f32 p107,
	.param .f32 p108,
	.param .f32 p109,
	.param .f32 p110,
	.param .f32 p111,
	.param .f32 p112,
	.param .f32 p113,
	.param .f32 p114,
	.param .f32 p115,
	.param .f32 p116,
	.param .f32 p117,
	.param .f32 p118,
	.param .f32 p119,
	.param .f32 p120,
	.param .f32 p121,
	.param .f32 p122,
	.param .f32 p123,
	.param .f32 p124,
	.param .f32 p125,
	.param .f32 p126,
	.param .f32 p127
)
{
	.reg .f32 	%f<3>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [o];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	cvt.rn.f32.u32 	%f1, %r4;
	ld.param.f32 	%f2, [p0];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p8];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p16];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p24];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p32];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p40];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p48];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p56];
	add.f32 	%f1, %f1, %f2;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r4, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.f32 	[%rd3], %f1;
	ret;
}

.visible .entry c_s64_n2(
	.param .u64 o,
	.param .f32 p0,
	.param .f32 p1,
	.param .f32 p2,
	.param .f32 p3,
	.param .f32 p4,
	.param .f32 p5,
	.param .f32 p6,
	.param .f32 p7,
	.param .f32 p8,
	.param .f32 p9,
	.param .f32 p10,
	.param .f32 p11,
	.param .f32 p12,
	.param .f32 p13,
	.param .f32 p14,
	.param .f32 p15,
	.param .f32 p16,
	.param .f32 p17,
	.param .f32 p18,
	.param .f32 p19,
	.param .f32 p20,
	.param .f32 p21,
	.param .f32 p22,
	.param .f32 p23,
	.param .f32 p24,
	.param .f32 p25,
	.param .f32 p26,
	.param .f32 p27,
	.param .f32 p28,
	.param .f32 p29,
	.param .f32 p30,
	.param .f32 p31,
	.param .f32 p32,
	.param .f32 p33,
	.param .f32 p34,
	.param .f32 p35,
	.param .f32 p36,
	.param .f32 p37,
	.param .f32 p38,
	.param .f32 p39,
	.param .f32 p40,
	.param .f32 p41,
	.param .f32 p42,
	.param .f32 p43,
	.param .f32 p44,
	.param .f32 p45,
	.param .f32 p46,
	.param .f32 p47,
	.param .f32 p48,
	.param .f32 p49,
	.param .f32 p50,
	.param .f32 p51,
	.param .f32 p52,
	.param .f32 p53,
	.param .f32 p54,
	.param .f32 p55,
	.param .f32 p56,
	.param .f32 p57,
	.param .f32 p58,
	.param .f32 p59,
	.param .f32 p60,
	.param .f32 p61,
	.param .f32 p62,
	.param .f32 p63,
	.param .f32 p64,
	.param .f32 p65,
	.param .f32 p66,
	.param .f32 p67,
	.param .f32 p68,
	.param .f32 p69,
	.param .f32 p70,
	.param .f32 p71,
	.param .f32 p72,
	.param .f32 p73,
	.param .f32 p74,
	.param .f32 p75,
	.param .f32 p76,
	.param .f32 p77,
	.param .f32 p78,
	.param .f32 p79,
	.param .f32 p80,
	.param .f32 p81,
	.param .f32 p82,
	.param .f32 p83,
	.param .f32 p84,
	.param .f32 p85,
	.param .f32 p86,
	.param .f32 p87,
	.param .f32 p88,
	.param .f32 p89,
	.param .f32 p90,
	.param .f32 p91,
	.param .f32 p92,
	.param .f32 p93,
	.param .f32 p94,
	.param .f32 p95,
	.param .f32 p96,
	.param .f32 p97,
	.param .f32 p98,
	.param .f32 p99,
	.param .f32 p100,
	.param .f32 p101,
	.param .f32 p102,
	.param .f32 p103,
	.param .f32 p104,
	.param .f32 p105,
	.param .f32 p106,
	.param .f32 p107,
	.param .f32 p108,
	.param .f32 p109,
	.param .f32 p110,
	.param .f32 p111,
	.param .f32 p112,
	.param .f32 p113,
	.param .f32 p114,
	.param .f32 p115,
	.param .f32 p116,
	.param .f32 p117,
	.param .f32 p118,
	.param .f32 p119,
	.param .f32 p120,
	.param .f32 p121,
	.param .f32 p122,
	.param .f32 p123,
	.param .f32 p124,
	.param .f32 p125,
	.param .f32 p126,
	.param .f32 p127
)
{
	.reg .f32 	%f<3>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [o];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	cvt.rn.f32.u32 	%f1, %r4;
	ld.param.f32 	%f2, [p0];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p16];
	add.f32 	%f1, %f1, %f2;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r4, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.f32 	[%rd3], %f1;
	ret;
}

.visible .entry c_s64_n4(
	.param .u64 o,
	.param .f32 p0,
	.param .f32 p1,
	.param .f32 p2,
	.param .f32 p3,
	.param .f32 p4,
	.param .f32 p5,
	.param .f32 p6,
	.param .f32 p7,
	.param .f32 p8,
	.param .f32 p9,
	.param .f32 p10,
	.param .f32 p11,
	.param .f32 p12,
	.param .f32 p13,
	.param .f32 p14,
	.param .f32 p15,
	.param .f32 p16,
	.param .f32 p17,
	.param .f32 p18,
	.param .f32 p19,
	.param .f32 p20,
	.param .f32 p21,
	.param .f32 p22,
	.param .f32 p23,
	.param .f32 p24,
	.param .f32 p25,
	.param .f32 p26,
	.param .f32 p27,
	.param .f32 p28,
	.param .f32 p29,
	.param .f32 p30,
	.param .f32 p31,
	.param .f32 p32,
	.param .f32 p33,
	.param .f32 p34,
	.param .f32 p35,
	.param .f32 p36,
	.param .f32 p37,
	.param .f32 p38,
	.param .f32 p39,
	.param .f32 p40,
	.param .f32 p41,
	.param .f32 p42,
	.param .f32 p43,
	.param .f32 p44,
	.param .f32 p45,
	.param .f32 p46,
	.param .f32 p47,
	.param .f32 p48,
	.param .f32 p49,
	.param .f32 p50,
	.param .f32 p51,
	.param .f32 p52,
	.param .f32 p53,
	.param .f32 p54,
	.param .f32 p55,
	.param .f32 p56,
	.param .f32 p57,
	.param .f32 p58,
	.param .f32 p59,
	.param .f32 p60,
	.param .f32 p61,
	.param .f32 p62,
	.param .f32 p63,
	.param .f32 p64,
	.param .f32 p65,
	.param .f32 p66,
	.param .f32 p67,
	.param .f32 p68,
	.param .f32 p69,
	.param .f32 p70,
	.param .f32 p71,
	.param .f32 p72,
	.param .f32 p73,
	.param .f32 p74,
	.param .f32 p75,
	.param .f32 p76,
	.param .f32 p77,
	.param .f32 p78,
	.param .f32 p79,
	.param .f32 p80,
	.param .f32 p81,
	.param .f32 p82,
	.param .f32 p83,
	.param .f32 p84,
	.param .f32 p85,
	.param .f32 p86,
	.param .f32 p87,
	.param .f32 p88,
	.param .f32 p89,
	.param .f32 p90,
	.param .f32 p91,
	.param .f32 p92,
	.param .f32 p93,
	.param .f32 p94,
	.param .f32 p95,
	.param .f32 p96,
	.param .f32 p97,
	.param .f32 p98,
	.param .f32 p99,
	.param .f32 p100,
	.param .f32 p101,
	.param .f32 p102,
	.param .f32 p103,
	.param .f32 p104,
	.param .f32 p105,
	.param .f32 p106,
	.param .f32 p107,
	.param .f32 p108,
	.param .f32 p109,
	.param .f32 p110,
	.param .f32 p111,
	.param .f32 p112,
	.param .f32 p113,
	.param .f32 p114,
	.param .f32 p115,
	.param .f32 p116,
	.param .f32 p117,
	.param .f32 p118,
	.param .f32 p119,
	.param .f32 p120,
	.param .f32 p121,
	.param .f32 p122,
	.param .f32 p123,
	.param .f32 p124,
	.param .f32 p125,
	.param .f32 p126,
	.param .f32 p127
)
{
	.reg .f32 	%f<3>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [o];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	cvt.rn.f32.u32 	%f1, %r4;
	ld.param.f32 	%f2, [p0];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p16];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p32];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p48];
	add.f32 	%f1, %f1, %f2;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r4, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.f32 	[%rd3], %f1;
	ret;
}

.visible .entry c_s64_n8(
	.param .u64 o,
	.param .f32 p0,
	.param .f32 p1,
	.param .f32 p2,
	.param .f32 p3,
	.param .f32 p4,
	.param .f32 p5,
	.param .f32 p6,
	.param .f32 p7,
	.param .f32 p8,
	.param .f32 p9,
	.param .f32 p10,
	.param .f32 p11,
	.param .f32 p12,
	.param .f32 p13,
	.param .f32 p14,
	.param .f32 p15,
	.param .f32 p16,
	.param .f32 p17,
	.param .f32 p18,
	.param .f32 p19,
	.param .f32 p20,
	.param .f32 p21,
	.param .f32 p22,
	.param .f32 p23,
	.param .f32 p24,
	.param .f32 p25,
	.param .f32 p26,
	.param .f32 p27,
	.param .f32 p28,
	.param .f32 p29,
	.param .f32 p30,
	.param .f32 p31,
	.param .f32 p32,
	.param .f32 p33,
	.param .f32 p34,
	.param .f32 p35,
	.param .f32 p36,
	.param .f32 p37,
	.param .f32 p38,
	.param .f32 p39,
	.param .f32 p40,
	.param .f32 p41,
	.param .f32 p42,
	.param .f32 p43,
	.param .f32 p44,
	.param .f32 p45,
	.param .f32 p46,
	.param .f32 p47,
	.param .f32 p48,
	.param .f32 p49,
	.param .f32 p50,
	.param .f32 p51,
	.param .f32 p52,
	.param .f32 p53,
	.param .f32 p54,
	.param .f32 p55,
	.param .f32 p56,
	.param .f32 p57,
	.param .f32 p58,
	.param .f32 p59,
	.param .f32 p60,
	.param .f32 p61,
	.param .f32 p62,
	.param .f32 p63,
	.param .f32 p64,
	.param .f32 p65,
	.param .f32 p66,
	.param .f32 p67,
	.param .f32 p68,
	.param .f32 p69,
	.param .f32 p70,
	.param .f32 p71,
	.param .f32 p72,
	.param .f32 p73,
	.param .f32 p74,
	.param .f32 p75,
	.param .f32 p76,
	.param .f32 p77,
	.param .f32 p78,
	.param .f32 p79,
	.param .f32 p80,
	.param .f32 p81,
	.param .f32 p82,
	.param .f32 p83,
	.param .f32 p84,
	.param .f32 p85,
	.param .f32 p86,
	.param .f32 p87,
	.param .f32 p88,
	.param .f32 p89,
	.param .f32 p90,
	.param .f32 p91,
	.param .f32 p92,
	.param .f32 p93,
	.param .f32 p94,
	.param .f32 p95,
	.param .f32 p96,
	.param .f32 p97,
	.param .f32 p98,
	.param .f32 p99,
	.param .f32 p100,
	.param .f32 p101,
	.param .f32 p102,
	.param .f32 p103,
	.param .f32 p104,
	.param .f32 p105,
	.param .f32 p106,
	.param .f32 p107,
	.param .f32 p108,
	.param .f32 p109,
	.param .f32 p110,
	.param .f32 p111,
	.param .f32 p112,
	.param .f32 p113,
	.param .f32 p114,
	.param .f32 p115,
	.param .f32 p116,
	.param .f32 p117,
	.param .f32 p118,
	.param .f32 p119,
	.param .f32 p120,
	.param .f32 p121,
	.param .f32 p122,
	.param .f32 p123,
	.param .f32 p124,
	.param .f32 p125,
	.param .f32 p126,
	.param .f32 p127
)
{
	.reg .f32 	%f<3>;
	.reg .b32 	%r<5>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [o];
	mov.u32 	%r1, %tid.x;
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	cvt.rn.f32.u32 	%f1, %r4;
	ld.param.f32 	%f2, [p0];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p16];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p32];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p48];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p64];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p80];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p96];
	add.f32 	%f1, %f1, %f2;
	ld.param.f32 	%f2, [p112];
	add.f32 	%f1, %f1, %f2;
	cvta.to.global.u64 	%rd1, %rd1;
	mul.wide.u32 	%rd2, %r4, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.f32 	[%rd3], %f1;
	ret;
}
