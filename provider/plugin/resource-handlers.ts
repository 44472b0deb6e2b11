/**
 * The resource methods of the plugin's ResourceProvider service (server.ts serves them): each
 * unwraps the engine's values (props.ts), runs the kind's lifecycle and wraps the answer — secrets
 * stay secret, unknowns pass through at preview, the diff says what changed per property.
 */
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import { inPluginNamespace } from "./config";
import { importSeed } from "./import-ids";
import { fromStruct, toStruct } from "./props";
import type { Props } from "./props";
import { changedInputsOf, isUnknown, ResourceInitFailed, UNKNOWN } from "./registry-bridge";
import type { CallContext, ServedKind } from "./registry-bridge";
import { withTimeout } from "./timeouts";

/** What the resource methods need of the service: the kind a request names. */
export type ServedOf = (type: string, urn: string) => ServedKind;

/** Each kind's declared secrets and secret outputs, worked out once. */
const declaredSecrets = new WeakMap<ServedKind, ReadonlySet<string>>();

function declaredSecretsOf(k: ServedKind): ReadonlySet<string> {
  let keys = declaredSecrets.get(k);
  if (!keys) {
    const all = new Set<string>(k.kind.secrets);
    for (const [name, out] of Object.entries(k.kind.outputs)) if (out.secret) all.add(name);
    declaredSecrets.set(k, (keys = all));
  }
  return keys;
}

/** Keys kept secret on the way back: declared secrets, secret outputs, what arrived secret. */
function secretKeys(k: ServedKind, ...arrived: ReadonlySet<string>[]): ReadonlySet<string> {
  const declared = declaredSecretsOf(k);
  if (arrived.every((set) => set.size === 0)) return declared;
  const keys = new Set<string>(declared);
  for (const set of arrived) for (const key of set) keys.add(key);
  return keys;
}

export function check(served: ServedOf) {
  return async (req: pb.CheckRequest, ctx: CallContext): Promise<pb.CheckResponse> => {
    const k = served(req.getType(), req.getUrn());
    const olds = fromStruct(req.getOlds());
    const news = fromStruct(req.getNews());
    const { inputs, failures } = await k.provider.check(olds.props, news.props, ctx);
    const res = new pb.CheckResponse();
    res.setInputs(toStruct(inputs, secretKeys(k, news.secretKeys)));
    res.setFailuresList(
      failures.map((f) =>
        new pb.CheckFailure().setProperty(f.property).setReason(inPluginNamespace(f.reason)),
      ),
    );
    return res;
  };
}

/** How a property differs: added, deleted or updated, and whether that replaces. */
function propertyDiff(olds: Props, news: Props, key: string, replace: boolean): pb.PropertyDiff {
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
  return new pb.PropertyDiff().setKind(kind).setInputdiff(true);
}

export function diff(served: ServedOf) {
  return async (req: pb.DiffRequest, ctx: CallContext): Promise<pb.DiffResponse> => {
    const k = served(req.getType(), req.getUrn());
    const olds = fromStruct(req.getOlds()).props;
    const news = fromStruct(req.getNews()).props;
    const result = await k.provider.diff(req.getId(), olds, news, ctx);
    const res = new pb.DiffResponse().setHasdetaileddiff(true);
    if (!result.changes) return res.setChanges(pb.DiffResponse.DiffChanges.DIFF_NONE);
    const replaces = result.replaces ?? [];
    const changed = [...new Set([...changedInputsOf(k.kind, olds, news), ...replaces])];
    // `allowDeletion` alone (or a failed resource's state): the lifecycle's own reason.
    if (changed.length === 0) changed.push(replaces[0] ?? "allowDeletion");
    const detailed = res.getDetaileddiffMap();
    for (const key of changed) {
      detailed.set(key, propertyDiff(olds, news, key, replaces.includes(key)));
    }
    return res
      .setChanges(pb.DiffResponse.DiffChanges.DIFF_SOME)
      .setDiffsList(changed)
      .setReplacesList(replaces)
      .setDeletebeforereplace(result.deleteBeforeReplace === true);
  };
}

/** At preview: the inputs, and every declared output not known yet as unknown. */
function previewOutputs(k: ServedKind, base: Props): Props {
  const outs: Props = { ...base };
  for (const name of Object.keys(k.kind.outputs))
    if (outs[name] === undefined) outs[name] = UNKNOWN;
  return outs;
}

export function create(served: ServedOf) {
  return async (req: pb.CreateRequest, ctx: CallContext): Promise<pb.CreateResponse> => {
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
      const { id, outs } = await k.provider.create(t.news, ctx);
      return res.setId(id).setProperties(toStruct(t.restore(outs), secrets));
    } catch (err) {
      // Recorded as the engine will store it: the declared timeouts back, secrets marked.
      if (err instanceof ResourceInitFailed)
        throw err.withProperties(t.restore(err.properties), secrets);
      throw err;
    }
  };
}

/** `pulumi import`: the id alone says what to read (import-ids.ts); the inputs are what it found. */
async function imported(
  k: ServedKind,
  id: string,
  secrets: ReadonlySet<string>,
  ctx: CallContext,
): Promise<pb.ReadResponse> {
  const res = new pb.ReadResponse();
  const seed = await importSeed(k.type, id, ctx.clients);
  const found = await k.provider.read(seed.id, seed.props, ctx);
  if (!found.id || !found.props) return res;
  const live: Props = Object.fromEntries(
    Object.keys(k.kind.inputs.shape)
      .filter((key) => found.props[key] !== undefined)
      .map((key) => [key, found.props[key]]),
  );
  return res
    .setId(found.id)
    .setProperties(toStruct(found.props, secrets))
    .setInputs(toStruct(live, secrets));
}

export function read(served: ServedOf) {
  return async (req: pb.ReadRequest, ctx: CallContext): Promise<pb.ReadResponse> => {
    const k = served(req.getType(), req.getUrn());
    const props = fromStruct(req.getProperties());
    const inputs = fromStruct(req.getInputs());
    const secrets = secretKeys(k, props.secretKeys, inputs.secretKeys);
    const importing =
      Object.keys(props.props).length === 0 && Object.keys(inputs.props).length === 0;
    if (importing) return imported(k, req.getId(), secrets, ctx);
    const res = new pb.ReadResponse();
    const found = await k.provider.read(req.getId(), props.props, ctx);
    if (!found.id || !found.props) return res;
    return res
      .setId(found.id)
      .setProperties(toStruct(found.props, secrets))
      .setInputs(toStruct(found.inputs ?? inputs.props, secrets));
  };
}

export function update(served: ServedOf) {
  return async (req: pb.UpdateRequest, ctx: CallContext): Promise<pb.UpdateResponse> => {
    const k = served(req.getType(), req.getUrn());
    const olds = fromStruct(req.getOlds());
    const news = fromStruct(req.getNews());
    const secrets = secretKeys(k, olds.secretKeys, news.secretKeys);
    const res = new pb.UpdateResponse();
    if (req.getPreview()) {
      return res.setProperties(toStruct({ ...olds.props, ...news.props }, secrets));
    }
    const t = withTimeout(k, news.props, "update", req.getTimeout());
    const { outs } = await k.provider.update(req.getId(), olds.props, t.news, ctx);
    return res.setProperties(toStruct(t.restore(outs), secrets));
  };
}

export function remove(served: ServedOf) {
  return async (req: pb.DeleteRequest, ctx: CallContext): Promise<void> => {
    const k = served(req.getType(), req.getUrn());
    const props = fromStruct(req.getProperties()).props;
    const t = withTimeout(k, props, "delete", req.getTimeout());
    await k.provider.delete(req.getId(), t.news, ctx);
  };
}
