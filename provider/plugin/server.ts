/**
 * The ResourceProvider gRPC service of the `redpandacloud` plugin: a second front door to the
 * same kinds and lifecycle the dynamic providers use (registry-bridge.ts). Each method unwraps the
 * engine's values (props.ts), runs the kind's lifecycle in the provider instance's scope (its own
 * config and clients, a log with the resource's URN) and wraps the answer: secrets stay secret,
 * unknowns pass through at preview, the diff says what changed per property.
 */
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import type { PluginAttach } from "@pulumi/pulumi/proto/plugin_pb";
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import { instanceConfig, CONFIG_KEYS, PACKAGE } from "./config";
import type { ResourceLog } from "./engine-log";
import { FUNCTIONS } from "./functions";
import type { GrpcJs } from "./grpc";
import { grpcError, isInitFailed } from "./errors";
import { withTimeout } from "./timeouts";
import { importSeed } from "./import-ids";
import { fromStruct, toStruct } from "./props";
import type { Props } from "./props";
import { changedInputsOf, inScope, isUnknown, resolveSettings, UNKNOWN } from "./registry-bridge";
import type { CallScope, ServedKind } from "./registry-bridge";

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

/** The ResourceProvider service's handlers for one plugin process (one provider instance). */
export function providerHandlers(options: ServerOptions) {
  const { kinds } = options;
  let config: CallScope["config"] = () => undefined;
  let cancelled = false;

  const served = (type: string, urn: string): ServedKind => {
    const name = typeName(type, urn);
    const k = kinds.get(name);
    if (!k) throw new Error(`${PACKAGE} has no resource type ${name}`);
    return k;
  };
  /** Keys kept secret on the way back: declared secrets, secret outputs, what arrived secret. */
  const secretKeys = (k: ServedKind, ...arrived: ReadonlySet<string>[]): Set<string> => {
    const keys = new Set<string>(k.kind.secrets);
    for (const [name, out] of Object.entries(k.kind.outputs)) if (out.secret) keys.add(name);
    for (const set of arrived) for (const key of set) keys.add(key);
    return keys;
  };

  function unary<Req, Res>(
    work: (req: Req) => Promise<Res>,
    urnOf: (req: Req) => string = () => "",
  ): Handler<Req, Res> {
    return (call, callback) => {
      const urn = urnOf(call.request);
      const scope: CallScope = {
        config: (key) => config(key),
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
  }

  const getPluginInfo = unary<Empty, PluginInfo>(async () =>
    new PluginInfo().setVersion(options.version),
  );

  const getSchema = unary<pb.GetSchemaRequest, pb.GetSchemaResponse>(async () =>
    new pb.GetSchemaResponse().setSchema(options.schema()),
  );

  const checkConfig = unary<pb.CheckRequest, pb.CheckResponse>(async (req) => {
    const res = new pb.CheckResponse().setInputs(req.getNews() ?? new Struct());
    const news = fromStruct(req.getNews()).props;
    try {
      // The same parse Configure's calls will make: a bad number or flag fails at preview, named.
      resolveSettings(instanceConfig([], news));
    } catch (err) {
      const text = (err as Error).message.replaceAll("redpanda:", `${PACKAGE}:`);
      const property = /^redpandacloud:(\w+)/.exec(text)?.[1] ?? "";
      res.setFailuresList([new pb.CheckFailure().setProperty(property).setReason(text)]);
    }
    return res;
  });

  const diffConfig = unary<pb.DiffRequest, pb.DiffResponse>(async (req) => {
    const olds = fromStruct(req.getOldInputs() ?? req.getOlds()).props;
    const news = fromStruct(req.getNews()).props;
    const changed = CONFIG_KEYS.filter(
      (k) => news[k] !== undefined && JSON.stringify(olds[k]) !== JSON.stringify(news[k]),
    );
    const res = new pb.DiffResponse();
    res.setChanges(
      changed.length > 0
        ? pb.DiffResponse.DiffChanges.DIFF_SOME
        : pb.DiffResponse.DiffChanges.DIFF_NONE,
    );
    res.setDiffsList(changed);
    return res;
  });

  const configure = unary<pb.ConfigureRequest, pb.ConfigureResponse>(async (req) => {
    config = instanceConfig(req.getVariablesMap().toArray(), fromStruct(req.getArgs()).props);
    return new pb.ConfigureResponse()
      .setAcceptsecrets(true)
      .setSupportspreview(true)
      .setAcceptresources(true)
      .setAcceptoutputs(false);
  });

  const check = unary<pb.CheckRequest, pb.CheckResponse>(
    async (req) => {
      const k = served(req.getType(), req.getUrn());
      const olds = fromStruct(req.getOlds());
      const news = fromStruct(req.getNews());
      const { inputs, failures } = await k.provider.check(olds.props, news.props);
      const res = new pb.CheckResponse();
      res.setInputs(toStruct(inputs, secretKeys(k, news.secretKeys)));
      res.setFailuresList(
        failures.map((f) => new pb.CheckFailure().setProperty(f.property).setReason(f.reason)),
      );
      return res;
    },
    (req) => req.getUrn(),
  );

  const diff = unary<pb.DiffRequest, pb.DiffResponse>(
    async (req) => {
      const k = served(req.getType(), req.getUrn());
      const olds = fromStruct(req.getOlds()).props;
      const news = fromStruct(req.getNews()).props;
      const result = await k.provider.diff(req.getId(), olds, news);
      const res = new pb.DiffResponse();
      if (!result.changes) {
        res.setChanges(pb.DiffResponse.DiffChanges.DIFF_NONE);
        res.setHasdetaileddiff(true);
        return res;
      }
      const replaces = result.replaces ?? [];
      const changed = [...new Set([...changedInputsOf(k.kind, olds, news), ...replaces])];
      // `allowDeletion` alone (or a failed resource's state): the lifecycle's own reason.
      if (changed.length === 0) changed.push(replaces[0] ?? "allowDeletion");
      const detailed = res.getDetaileddiffMap();
      for (const key of changed) {
        const replace = replaces.includes(key);
        const K = pb.PropertyDiff.Kind;
        const kind =
          olds[key] === undefined
            ? replace
              ? K.ADD_REPLACE
              : K.ADD
            : news[key] === undefined
              ? replace
                ? K.DELETE_REPLACE
                : K.DELETE
              : replace
                ? K.UPDATE_REPLACE
                : K.UPDATE;
        detailed.set(key, new pb.PropertyDiff().setKind(kind).setInputdiff(true));
      }
      res.setChanges(pb.DiffResponse.DiffChanges.DIFF_SOME);
      res.setDiffsList(changed);
      res.setReplacesList(replaces);
      res.setDeletebeforereplace(result.deleteBeforeReplace === true);
      res.setHasdetaileddiff(true);
      return res;
    },
    (req) => req.getUrn(),
  );

  /** At preview: the inputs, and every declared output not known yet as unknown. */
  const previewOutputs = (k: ServedKind, base: Props): Props => {
    const outs: Props = { ...base };
    for (const name of Object.keys(k.kind.outputs))
      if (outs[name] === undefined) outs[name] = UNKNOWN;
    return outs;
  };

  const create = unary<pb.CreateRequest, pb.CreateResponse>(
    async (req) => {
      const k = served(req.getType(), req.getUrn());
      const news = fromStruct(req.getProperties());
      const secrets = secretKeys(k, news.secretKeys);
      const res = new pb.CreateResponse();
      if (req.getPreview()) {
        return res.setId("").setProperties(toStruct(previewOutputs(k, news.props), secrets));
      }
      if (Object.values(news.props).some(isUnknown)) {
        throw new Error(`${k.type}: inputs are still unknown at create`);
      }
      const t = withTimeout(k, news.props, "create", req.getTimeout());
      try {
        const { id, outs } = await k.provider.create(t.news);
        return res.setId(id).setProperties(toStruct(t.restore(outs), secrets));
      } catch (err) {
        if (isInitFailed(err)) {
          err.properties = t.restore(err.properties);
          Object.assign(err, { secrets });
        }
        throw err;
      }
    },
    (req) => req.getUrn(),
  );

  const read = unary<pb.ReadRequest, pb.ReadResponse>(
    async (req) => {
      const k = served(req.getType(), req.getUrn());
      const props = fromStruct(req.getProperties());
      const inputs = fromStruct(req.getInputs());
      const secrets = secretKeys(k, props.secretKeys, inputs.secretKeys);
      const res = new pb.ReadResponse();
      const importing =
        Object.keys(props.props).length === 0 && Object.keys(inputs.props).length === 0;
      if (importing) {
        // `pulumi import`: the id alone says what to read (import-ids.ts).
        const seed = await importSeed(k.type, req.getId());
        const found = await k.provider.read(seed.id, seed.props);
        if (!found.id || !found.props) return res;
        const inputKeys = Object.keys(k.kind.inputs.shape);
        const live: Props = Object.fromEntries(
          inputKeys
            .filter((key) => found.props[key] !== undefined)
            .map((key) => [key, found.props[key]]),
        );
        return res
          .setId(found.id)
          .setProperties(toStruct(found.props, secrets))
          .setInputs(toStruct(live, secrets));
      }
      const found = await k.provider.read(req.getId(), props.props);
      if (!found.id || !found.props) return res;
      return res
        .setId(found.id)
        .setProperties(toStruct(found.props, secrets))
        .setInputs(toStruct(found.inputs ?? inputs.props, secrets));
    },
    (req) => req.getUrn(),
  );

  const update = unary<pb.UpdateRequest, pb.UpdateResponse>(
    async (req) => {
      const k = served(req.getType(), req.getUrn());
      const olds = fromStruct(req.getOlds());
      const news = fromStruct(req.getNews());
      const secrets = secretKeys(k, olds.secretKeys, news.secretKeys);
      const res = new pb.UpdateResponse();
      if (req.getPreview()) {
        return res.setProperties(toStruct({ ...olds.props, ...news.props }, secrets));
      }
      const t = withTimeout(k, news.props, "update", req.getTimeout());
      const { outs } = await k.provider.update(req.getId(), olds.props, t.news);
      return res.setProperties(toStruct(t.restore(outs), secrets));
    },
    (req) => req.getUrn(),
  );

  const del = unary<pb.DeleteRequest, Empty>(
    async (req) => {
      const k = served(req.getType(), req.getUrn());
      const props = fromStruct(req.getProperties()).props;
      const t = withTimeout(k, props, "delete", req.getTimeout());
      await k.provider.delete(req.getId(), t.news);
      return new Empty();
    },
    (req) => req.getUrn(),
  );

  const invoke = unary<pb.InvokeRequest, pb.InvokeResponse>(async (req) => {
    const name = req.getTok().split(":")[2] ?? "";
    const fn = req.getTok().startsWith(`${PACKAGE}:`) ? FUNCTIONS[name] : undefined;
    if (!fn) throw new Error(`${PACKAGE} has no function ${req.getTok()}`);
    const result = (await fn.call(fromStruct(req.getArgs()).props)) as Props;
    return new pb.InvokeResponse().setReturn(toStruct(result));
  });

  const cancel = unary<Empty, Empty>(async () => {
    // Calls under way finish their own retries and waits; the engine stops sending new ones.
    cancelled = true;
    return new Empty();
  });

  const attach = unary<PluginAttach, Empty>(async () => new Empty());

  const getMapping = unary<pb.GetMappingRequest, pb.GetMappingResponse>(async () =>
    new pb.GetMappingResponse().setProvider("").setData(new Uint8Array()),
  );

  const getMappings = unary<pb.GetMappingsRequest, pb.GetMappingsResponse>(
    async () => new pb.GetMappingsResponse(),
  );

  return {
    getPluginInfo,
    getSchema,
    checkConfig,
    diffConfig,
    configure,
    check,
    diff,
    create,
    read,
    update,
    delete: del,
    invoke,
    cancel,
    attach,
    getMapping,
    getMappings,
    /** Whether the engine asked to cancel (for tests and long waits). */
    cancelled: () => cancelled,
  };
}

export type ProviderHandlers = ReturnType<typeof providerHandlers>;
