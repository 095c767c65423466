"""Built-in machine configs (TOML). See simgpu/config.py for the schema."""
