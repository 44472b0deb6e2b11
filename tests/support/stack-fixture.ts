/**
 * An e2e scenario: the real emulator (in this process, on port 0, admin API on) and a Pulumi
 * project written to a temp dir, with a stack configured to talk to that emulator.
 */
import * as fs from "node:fs";
import type { EmulatorOptions } from "../../emulator";
import type { TestEmulator } from "./emulator";
import { TOKEN, expectAllResponsesValid, startTestEmulator } from "./emulator";
import type { TestStack } from "./pulumi";
import { openTestStack, writeTempProject } from "./pulumi";

export interface Scenario {
  t: TestEmulator;
  stack: TestStack;
  dir: string;
  /** Sets `e2e:<key>` in the stack config (the programs read their variations from it). */
  set(key: string, value: string, secret?: boolean): Promise<void>;
  dispose(): Promise<void>;
  /** Disposes, then asserts every response and request of the run met the vendor contract. */
  disposeChecked(label: string): Promise<void>;
}

export async function openScenario(
  name: string,
  program: string,
  env: Record<string, string> = {},
  emulatorOptions: EmulatorOptions = {},
): Promise<Scenario> {
  const t = await startTestEmulator(emulatorOptions);
  // Scenario programs are plain JavaScript: no TypeScript compile on every engine run.
  const dir = writeTempProject(name, { "index.js": program });
  const stack = await openTestStack({
    workDir: dir,
    config: {
      "redpanda:apiUrl": t.emu.url,
      "redpanda:accessToken": { value: TOKEN, secret: true },
    },
    env: { REDPANDA_EMULATOR_URL: t.emu.url, REDPANDA_EMULATOR_TOKEN: TOKEN, ...env },
  });
  const dispose = async () => {
    try {
      await stack.dispose();
    } finally {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  return {
    t,
    stack,
    dir,
    set: (key, value, secret = false) => stack.stack.setConfig(`e2e:${key}`, { value, secret }),
    dispose,
    async disposeChecked(label) {
      await dispose();
      expectAllResponsesValid(t, label);
    },
  };
}
