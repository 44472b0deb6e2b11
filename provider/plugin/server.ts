/**
 * The ResourceProvider gRPC service of the `redpandacloud` plugin: a second front door to the
 * same kinds and lifecycle the dynamic providers use (registry-bridge.ts). Each service serves one
 * provider instance (runtime/context.ts: its own config, clients and cancel signal); every call
 * is handed its call context, whose lines go to its resource's row. The engine's Cancel (Ctrl-C)
 * cancels the instance: every wait, retry pause and request under way stops at once, and a create
 * the API accepted answers with its id as an init failure. The resource methods are
 * resource-handlers.ts, the functions functions.ts, the provider's own config here.
 */
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import type { PluginAttach } from "@pulumi/pulumi/proto/plugin_pb";
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import { instanceConfig, inPluginNamespace, CONFIG_KEYS, PACKAGE } from "./config";
import type { ResourceLog } from "./engine-log";
import { invokeLookup } from "./functions";
import type { GrpcJs } from "./grpc";
import { grpcError } from "./errors";
import { fromStruct, toStruct } from "./props";
import { ProviderInstance, resolveSettings } from "./registry-bridge";
import type { CallContext, ServedKind } from "./registry-bridge";
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

/**
 * A handler running `work` as a call of the instance, with its call context; `urnOf`: the
 * resource whose row its lines go to. Its errors go to the engine as gRPC errors.
 */
type Unary = <Req, Res>(
  work: (req: Req, ctx: CallContext) => Promise<Res>,
  urnOf?: (req: Req) => string,
) => Handler<Req, Res>;

/** CheckConfig: the same parse Configure's calls will make, so a bad number or flag fails at preview. */
async function checkConfig(req: pb.CheckRequest): Promise<pb.CheckResponse> {
  const res = new pb.CheckResponse().setInputs(req.getNews() ?? new Struct());
  const news = fromStruct(req.getNews()).props;
  try {
    resolveSettings(instanceConfig([], news));
  } catch (err) {
    const text = inPluginNamespace((err as Error).message);
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
async function invoke(req: pb.InvokeRequest, ctx: CallContext): Promise<pb.InvokeResponse> {
  const name = req.getTok().split(":")[2] ?? "";
  const known = req.getTok().startsWith(`${PACKAGE}:`);
  const args = fromStruct(req.getArgs()).props;
  const result = known ? await invokeLookup(name, args, ctx) : undefined;
  if (!result) throw new Error(`${PACKAGE} has no function ${req.getTok()}`);
  return new pb.InvokeResponse().setReturn(toStruct(result));
}

/** The handler factory of an instance: each call gets its context (runtime/context.ts). */
function unaryOf(instance: ProviderInstance, log: ResourceLog): Unary {
  return (work, urnOf = () => "") =>
    (call, callback) => {
      const urn = urnOf(call.request);
      const ctx = instance.context((message, ephemeral) => log(urn, message, ephemeral));
      work(call.request, ctx).then(
        (res) => callback(null, res),
        (err: unknown) => callback(grpcError(err)),
      );
    };
}

/** The kind a request's type token names; every call names its type, found once per token. */
function servedOf(kinds: Map<string, ServedKind>): resource.ServedOf {
  const byToken = new Map<string, ServedKind>();
  return (type, urn) => {
    const known = byToken.get(type);
    if (known) return known;
    const name = typeName(type, urn);
    const k = kinds.get(name);
    if (!k) throw new Error(`${PACKAGE} has no resource type ${name}`);
    if (type) byToken.set(type, k);
    return k;
  };
}

/** The ResourceProvider service's handlers for one plugin process (one provider instance). */
export function providerHandlers(options: ServerOptions) {
  // Its config is replaced at each Configure; its lines that name no resource go to the stack's row.
  const instance = new ProviderInstance(
    () => undefined,
    (message, ephemeral) => options.log("", message, ephemeral),
  );
  const unary = unaryOf(instance, options.log);
  const served = servedOf(options.kinds);
  const byUrn = (req: { getUrn(): string }) => req.getUrn();
  const configure = async (req: pb.ConfigureRequest) => {
    instance.configure(
      instanceConfig(req.getVariablesMap().toArray(), fromStruct(req.getArgs()).props),
    );
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
    delete: unary(async (req: pb.DeleteRequest, ctx) => {
      await resource.remove(served)(req, ctx);
      return new Empty();
    }, byUrn),
    invoke: unary(invoke),
    // Ctrl-C: every wait, retry pause and request of the instance's calls stops at once; a create
    // the API accepted answers with its id (an init failure) so the engine records it.
    cancel: unary<Empty, Empty>(async () => {
      instance.cancel();
      return new Empty();
    }),
    attach: unary<PluginAttach, Empty>(async () => new Empty()),
    getMapping: unary<pb.GetMappingRequest, pb.GetMappingResponse>(async () =>
      new pb.GetMappingResponse().setProvider("").setData(new Uint8Array()),
    ),
    getMappings: unary<pb.GetMappingsRequest, pb.GetMappingsResponse>(
      async () => new pb.GetMappingsResponse(),
    ),
  };
}

export type ProviderHandlers = ReturnType<typeof providerHandlers>;
