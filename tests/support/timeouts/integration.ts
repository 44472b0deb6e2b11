// Integration tests wait on emulator operations that last a few hundred milliseconds.
jest.setTimeout(60_000);
