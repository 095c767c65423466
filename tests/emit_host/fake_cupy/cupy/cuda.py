"""cupy.cuda of the stand-in (see __init__.py): events that time nothing, one device."""
import types


class Event:
    def record(self):
        pass

    def synchronize(self):
        pass


class Device:
    def synchronize(self):
        pass


def get_elapsed_time(a, b):
    return 0.0


runtime = types.SimpleNamespace(getDeviceCount=lambda: 1, runtimeGetVersion=lambda: 0,
                                getDeviceProperties=lambda i: {"name": "host stand-in (fake CuPy)",
                                                               "multiProcessorCount": 1})
