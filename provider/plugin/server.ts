/**
 * The ResourceProvider gRPC service of the `redpandacloud` plugin: a second front door to the
 * same kinds and lifecycle the dynamic providers use (registry-bridge.ts). Every call runs in the
 * provider instance's scope (its own config and clients, a log with the resource's URN); the
 * resource methods are resource-handlers.ts, the functions functions.ts, the provider's own config
 * here.
 */
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import type { PluginAttach } from "@pulumi/pulumi/proto/plugin_pb";
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import { instanceConfig, CONFIG_KEYS, PACKAGE } from "./config";
import type { ResourceLog } from "./engine-log";
import { invokeLookup } from "./functions";
import type { GrpcJs } from "./grpc";
import { grpcError } from "./errors";
import { fromStruct, toStruct } from "./props";
import { inScope, resolveSettings } from "./registry-bridge";
import type { CallScope, ServedKind } from "./registry-bridge";
import * as resource from "./resource-handlers";

type Handler<Req, Res> = (
  call: { request: Req },
  callback: (err: Partial<GrpcJs.ServiceError> | null, res?: Res) => void,
) => void;

export interface ServerOptions {
  version: string;
  kinds: Map<string, ServedKind>;
  /** The package schema's JSON text. */
  schema: () => string;
  log: ResourceLog;
}

/** The type name of a resource token or URN: `redpandacloud:index:Topic` → `Topic`. */
export function typeName(type: string, urn: string): string {
  const token = type || urn.split("::")[2] || "";
  const name = token.split("$").pop()!.split(":")[2];
  if (!token.startsWith(`${PACKAGE}:`) || !name) {
    throw new Error(`not a ${PACKAGE} resource type: "${token}"`);
  }
  return name;
}

/** A handler running `work` in the instance's scope; its errors go to the engine as gRPC errors. */
type Unary = <Req, Res>(
  work: (req: Req) => Promise<Res>,
  urnOf?: (req: Req) => string,
) => Handler<Req, Res>;

/** CheckConfig: the same parse Configure's calls will make, so a bad number or flag fails at preview. */
async function checkConfig(req: pb.CheckRequest): Promise<pb.CheckResponse> {
  const res = new pb.CheckResponse().setInputs(req.getNews() ?? new Struct());
  const news = fromStruct(req.getNews()).props;
  try {
    resolveSettings(instanceConfig([], news));
  } catch (err) {
    const text = (err as Error).message.replaceAll("redpanda:", `${PACKAGE}:`);
    const property = /^redpandacloud:(\w+)/.exec(text)?.[1] ?? "";
    res.setFailuresList([new pb.CheckFailure().setProperty(property).setReason(text)]);
  }
  return res;
}

/** DiffConfig: the config keys whose values changed. */
async function diffConfig(req: pb.DiffRequest): Promise<pb.DiffResponse> {
  const olds = fromStruct(req.getOldInputs() ?? req.getOlds()).props;
  const news = fromStruct(req.getNews()).props;
  const changed = CONFIG_KEYS.filter(
    (k) => news[k] !== undefined && JSON.stringify(olds[k]) !== JSON.stringify(news[k]),
  );
  return new pb.DiffResponse()
    .setChanges(
      changed.length > 0
        ? pb.DiffResponse.DiffChanges.DIFF_SOME
        : pb.DiffResponse.DiffChanges.DIFF_NONE,
    )
    .setDiffsList(changed);
}

/** Invoke: a lookup as a function (functions.ts). */
async function invoke(req: pb.InvokeRequest): Promise<pb.InvokeResponse> {
  const name = req.getTok().split(":")[2] ?? "";
  const known = req.getTok().startsWith(`${PACKAGE}:`);
  const result = known ? await invokeLookup(name, fromStruct(req.getArgs()).props) : undefined;
  if (!result) throw new Error(`${PACKAGE} has no function ${req.getTok()}`);
  return new pb.InvokeResponse().setReturn(toStruct(result));
}

/** The ResourceProvider service's handlers for one plugin process (one provider instance). */
export function providerHandlers(options: ServerOptions) {
  let config: CallScope["config"] = () => undefined;
  let cancelled = false;
  const unary: Unary =
    (work, urnOf = () => "") =>
    (call, callback) => {
      const urn = urnOf(call.request);
      // The instance's lookup itself, the same object until the next Configure: the call's
      // clients are found by it (runtime/context.ts).
      const scope: CallScope = {
        config,
        log: (message, ephemeral) => options.log(urn, message, ephemeral),
      };
      inScope(scope, () => work(call.request)).then(
        (res) => callback(null, res),
        (err: unknown) => {
          const secrets = (err as { secrets?: Set<string> })?.secrets ?? new Set<string>();
          callback(grpcError(err, secrets));
        },
      );
    };
  const served: resource.ServedOf = (type, urn) => {
    const name = typeName(type, urn);
    const k = options.kinds.get(name);
    if (!k) throw new Error(`${PACKAGE} has no resource type ${name}`);
    return k;
  };
  const byUrn = (req: { getUrn(): string }) => req.getUrn();
  const configure = async (req: pb.ConfigureRequest) => {
    config = instanceConfig(req.getVariablesMap().toArray(), fromStruct(req.getArgs()).props);
    return new pb.ConfigureResponse()
      .setAcceptsecrets(true)
      .setSupportspreview(true)
      .setAcceptresources(true)
      .setAcceptoutputs(false);
  };
  return {
    getPluginInfo: unary<Empty, PluginInfo>(async () =>
      new PluginInfo().setVersion(options.version),
    ),
    getSchema: unary<pb.GetSchemaRequest, pb.GetSchemaResponse>(async () =>
      new pb.GetSchemaResponse().setSchema(options.schema()),
    ),
    checkConfig: unary(checkConfig),
    diffConfig: unary(diffConfig),
    configure: unary(configure),
    check: unary(resource.check(served), byUrn),
    diff: unary(resource.diff(served), byUrn),
    create: unary(resource.create(served), byUrn),
    read: unary(resource.read(served), byUrn),
    update: unary(resource.update(served), byUrn),
    delete: unary(async (req: pb.DeleteRequest) => {
      await resource.remove(served)(req);
      return new Empty();
    }, byUrn),
    invoke: unary(invoke),
    // Calls under way finish their own retries and waits; the engine stops sending new ones.
    cancel: unary<Empty, Empty>(async () => {
      cancelled = true;
      return new Empty();
    }),
    attach: unary<PluginAttach, Empty>(async () => new Empty()),
    getMapping: unary<pb.GetMappingRequest, pb.GetMappingResponse>(async () =>
      new pb.GetMappingResponse().setProvider("").setData(new Uint8Array()),
    ),
    getMappings: unary<pb.GetMappingsRequest, pb.GetMappingsResponse>(
      async () => new pb.GetMappingsResponse(),
    ),
    /** Whether the engine asked to cancel (for tests and long waits). */
    cancelled: () => cancelled,
  };
}

export type ProviderHandlers = ReturnType<typeof providerHandlers>;
