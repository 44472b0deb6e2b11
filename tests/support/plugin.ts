/**
 * Calls the provider plugin's gRPC handlers directly, with the engine's protobuf messages: the
 * wiring under test without a socket. `configure` gives the instance its config as the engine does.
 */
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import type { JavaScriptValue } from "google-protobuf/google/protobuf/struct_pb";
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import { servedKinds } from "../../provider/plugin/registry-bridge";
import { packageRoot, schemaSource } from "../../provider/plugin/main";
import { providerHandlers } from "../../provider/plugin/server";
import type { ProviderHandlers } from "../../provider/plugin/server";

export type Json = Record<string, unknown>;

export interface LoggedLine {
  urn: string;
  message: string;
  ephemeral: boolean;
}

export interface TestPlugin {
  handlers: ProviderHandlers;
  logged: LoggedLine[];
  call<Req, Res>(method: keyof ProviderHandlers, request: Req): Promise<Res>;
}

export function testPlugin(): TestPlugin {
  const kinds = servedKinds();
  const logged: LoggedLine[] = [];
  const handlers = providerHandlers({
    version: "0.0.0-test",
    kinds,
    schema: schemaSource(packageRoot(), "0.0.0-test"),
    log: (urn, message, ephemeral) => logged.push({ urn, message, ephemeral }),
  });
  const call = <Req, Res>(method: keyof ProviderHandlers, request: Req): Promise<Res> =>
    new Promise((resolve, reject) => {
      const handler = handlers[method] as unknown as (
        c: { request: Req },
        cb: (err: { message?: string } | null, res?: Res) => void,
      ) => void;
      handler({ request }, (err, res) => (err ? reject(err) : resolve(res as Res)));
    });
  return { handlers, logged, call };
}

export const struct = (v: Json): Struct =>
  Struct.fromJavaScript(v as Record<string, JavaScriptValue>);

export const urnOf = (type: string, name: string): string =>
  `urn:pulumi:test::plugin::redpandacloud:index:${type}::${name}`;

/** `Configure` with stack-config variables (`redpandacloud:config:<key>`). */
export async function configure(p: TestPlugin, config: Record<string, string>): Promise<void> {
  const req = new pb.ConfigureRequest();
  for (const [k, v] of Object.entries(config))
    req.getVariablesMap().set(`redpandacloud:config:${k}`, v);
  req.setAcceptsecrets(true);
  await p.call("configure", req);
}

export const empty = (): Empty => new Empty();

/** Check, then Create (not a preview), as the engine does for a new resource. */
export async function createVia(
  p: TestPlugin,
  type: string,
  name: string,
  props: Json,
): Promise<{ id: string; outs: Json }> {
  const urn = urnOf(type, name);
  const token = `redpandacloud:index:${type}`;
  const checked = await p.call<pb.CheckRequest, pb.CheckResponse>(
    "check",
    new pb.CheckRequest().setUrn(urn).setType(token).setOlds(struct({})).setNews(struct(props)),
  );
  const failures = checked.getFailuresList().map((f) => `${f.getProperty()}: ${f.getReason()}`);
  if (failures.length > 0) throw new Error(failures.join("; "));
  const res = await p.call<pb.CreateRequest, pb.CreateResponse>(
    "create",
    new pb.CreateRequest().setUrn(urn).setType(token).setProperties(checked.getInputs()),
  );
  return { id: res.getId(), outs: res.getProperties()!.toJavaScript() as Json };
}
