"""No-op stand-in for the OpenTelemetry API (tracing is off without a collector; see README.md)."""
