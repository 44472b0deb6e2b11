// Integration tests wait on emulator operations that last a few hundred milliseconds.
jest.setTimeout(60_000);
// Tokens stay in memory: a test never reads or writes the user's token cache (a test of the cache
// turns it on with its own directory).
process.env.REDPANDA_TOKEN_CACHE_DISABLE ??= "1";
