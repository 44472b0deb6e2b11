// The gitops example: its workflow previews on pull requests (emulator dress rehearsal without
// credentials, real-cloud preview with them) and applies from main; the emulator job's script runs
// here exactly as CI would run it.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse } from "yaml";
import { EXAMPLES_DIR, copyExample } from "../support/examples";
import { runProcess } from "../support/process";
import { pulumiToolchainRoot } from "../support/pulumi";

interface Step {
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  env?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const workflow = parse(
  fs.readFileSync(
    path.join(EXAMPLES_DIR, "gitops", ".github", "workflows", "redpanda.yml"),
    "utf8",
  ),
) as Workflow;
const runs = (job: Job): string => job.steps.map((s) => s.run ?? "").join("\n");

it("previews on pull requests and applies on main, with credentials from CI secrets", () => {
  expect(Object.keys(workflow.on).sort()).toEqual(["pull_request", "push"]);
  const { "emulator-check": emulator, preview, apply } = workflow.jobs;
  expect(emulator?.if).toContain("pull_request");
  expect(runs(emulator!)).toContain("scripts/check-on-emulator.sh");
  expect(JSON.stringify(emulator)).not.toContain("secrets.");

  expect(preview?.if).toContain("pull_request");
  expect(runs(preview!)).toMatch(/pulumi preview --stack prod/);
  expect(runs(preview!)).not.toMatch(/pulumi up/);
  expect(apply?.if).toContain("refs/heads/main");
  expect(runs(apply!)).toMatch(/pulumi up --yes --stack prod/);

  for (const job of [preview!, apply!]) {
    const creds = job.steps.find((s) => s.run?.includes("redpanda:clientSecret"));
    expect(creds?.env).toEqual({
      REDPANDA_CLIENT_ID: "${{ secrets.REDPANDA_CLIENT_ID }}",
      REDPANDA_CLIENT_SECRET: "${{ secrets.REDPANDA_CLIENT_SECRET }}",
    });
    // The secret goes in through stdin, never on a command line, and is stored encrypted.
    expect(creds?.run).toMatch(/\| pulumi config set --secret redpanda:clientSecret\n/);
    expect(creds?.run).toMatch(/pulumi config set redpanda:clientId "\$REDPANDA_CLIENT_ID"/);
  }
});

it("the emulator job's script previews, applies, finds no changes and destroys", async () => {
  const dir = copyExample("gitops");
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-gitops-home-"));
  try {
    const bin = path.join(pulumiToolchainRoot(), "bin");
    const result = await runProcess("bash", ["scripts/check-on-emulator.sh"], {
      cwd: dir,
      env: {
        PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}`,
        PULUMI_HOME: home,
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        EMULATOR_SPEED: "0.02",
      },
    });
    if (result.code !== 0) throw new Error(`check-on-emulator.sh failed:\n${result.output}`);
    // 3 environment resources + 2 topics + 1 user + 2 ACLs, created and then destroyed.
    expect(result.output).toMatch(/\+ 9 to create/);
    expect(result.output).toMatch(/\+ 9 created/);
    expect(result.output).toMatch(/9 unchanged/);
    expect(result.output).toMatch(/- 9 deleted/);
    expect(result.output).toContain("emulator check passed");
    expect(
      fs.readdirSync(dir).filter((f) => f.startsWith("Pulumi.") && f !== "Pulumi.yaml"),
    ).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(home, { recursive: true, force: true });
  }
});
