/**
 * Runs the vendor CLI's BYOC agent step: `rpk cloud byoc <aws|azure|gcp> <apply|destroy>
 * --redpanda-id <id>` (Azure adds --subscription-id, GCP --project-id). Its output goes to the
 * Pulumi log line by line; it has its own deadline; a failure says which step failed and how to
 * rerun it by hand.
 */
import { spawn } from "node:child_process";
import { RedpandaError } from "../../errors";
import type { CloudProvider } from "../../enums";
import type { ClusterInputs } from "./kind";
import { throwIfInterrupted } from "../../errors";
import type { CallContext } from "../../runtime/context";

/** The cluster's `byoc` input (./kind.ts): command, extra args, env, project/subscription. */
export type AgentSettings = NonNullable<ClusterInputs["byoc"]>;

/** The CLI's name for each cloud: a new cloud in the enum does not compile until it has one. */
const CLOUD: Record<CloudProvider, string> = {
  CLOUD_PROVIDER_AWS: "aws",
  CLOUD_PROVIDER_GCP: "gcp",
  CLOUD_PROVIDER_AZURE: "azure",
};

export function agentArgs(
  action: "apply" | "destroy",
  cloudProvider: string,
  clusterId: string,
  s: AgentSettings,
): string[] {
  const cloud = CLOUD[cloudProvider as CloudProvider] ?? "aws";
  const args = ["cloud", "byoc", cloud, action, "--redpanda-id", clusterId];
  if (cloud === "gcp" && s.gcpProjectId) args.push("--project-id", s.gcpProjectId);
  // Both steps act in the customer's subscription: destroy needs it as much as apply.
  if (cloud === "azure" && s.azureSubscriptionId)
    args.push("--subscription-id", s.azureSubscriptionId);
  return [...args, ...(s.extraArgs ?? [])];
}

export async function runAgent(
  action: "apply" | "destroy",
  cloudProvider: string,
  clusterId: string,
  s: AgentSettings,
  timeoutMs: number,
  ctx: CallContext,
): Promise<void> {
  const command = s.command ?? "rpk";
  const args = agentArgs(action, cloudProvider, clusterId, s);
  const shown = `${command} ${args.join(" ")}`;
  ctx.log(`BYOC agent ${action} for cluster ${clusterId}: running \`${shown}\``);
  const tail: string[] = [];
  const code = await new Promise<number | string>((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...s.env },
      stdio: ["ignore", "pipe", "pipe"],
      // Ctrl-C stops the agent step too (SIGTERM): the next `up` runs it again.
      signal: ctx.signal,
    });
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      resolve("timeout");
    }, timeoutMs);
    const onData = (d: Buffer) => {
      for (const line of d.toString().split("\n").filter(Boolean)) {
        ctx.log(`  byoc ${action}: ${line}`);
        tail.push(line);
        if (tail.length > 20) tail.shift();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", (err) => {
      clearTimeout(timer);
      resolve(`could not start: ${err.message}`);
    });
    child.on("close", (exit) => {
      clearTimeout(timer);
      resolve(exit ?? "killed");
    });
  });
  if (code === 0) return;
  throwIfInterrupted(ctx.signal);
  const why =
    code === "timeout"
      ? `did not finish within ${Math.round(timeoutMs / 60_000)} min`
      : typeof code === "number"
        ? `exited with ${code}`
        : code;
  throw new RedpandaError(
    `The BYOC agent ${action} step for cluster ${clusterId} failed: \`${shown}\` ${why}.` +
      (tail.length ? `\nLast output:\n  ${tail.join("\n  ")}` : "") +
      `\nFix the cause, then run \`pulumi up\` again (it reruns the step), or run the command above by hand.`,
  );
}
