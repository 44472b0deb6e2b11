// Three tiers (see tests/README.md): unit (pure, no I/O), integration (real emulator on loopback),
// e2e (the real Pulumi CLI against the emulator). `jest --selectProjects <tier>` runs one.
/** @type {import('jest').Config} */
const transform = { "^.+\\.ts$": "ts-jest" };

/** @param {string} name */
const tier = (name, extra = {}) => ({
  displayName: name,
  testEnvironment: "node",
  transform,
  testMatch: [`<rootDir>/tests/${name}/**/*.test.ts`],
  ...extra,
});

module.exports = {
  projects: [
    tier("unit"),
    tier("integration", {
      setupFilesAfterEnv: ["<rootDir>/tests/support/timeouts/integration.ts"],
    }),
    tier("e2e", { setupFilesAfterEnv: ["<rootDir>/tests/support/timeouts/e2e.ts"] }),
  ],
};
