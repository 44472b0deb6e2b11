/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, bundled by plugin-scale.mjs */
// A no-op `redpandacloud` provider plugin for bench/plugin-scale.mjs: the same gRPC library and
// engine stubs as the real plugin, the same schema (sdk/schema.json), and no API behind it — Check
// returns the inputs, Diff compares inputs with the state, Create answers an id at once, Read
// returns the state it is given, Update and Delete do nothing. What the engine, the language host
// and the gRPC hop cost for N resources, with nothing of ours: the floor the plugin is held to.
const grpc = require("@grpc/grpc-js");
const { Empty } = require("google-protobuf/google/protobuf/empty_pb");
const { Struct } = require("google-protobuf/google/protobuf/struct_pb");
const { PluginInfo } = require("@pulumi/pulumi/proto/plugin_pb");
const { ResourceProviderService } = require("@pulumi/pulumi/proto/provider_grpc_pb");
const pb = require("@pulumi/pulumi/proto/provider_pb");

// Inlined at bundle time (plugin-scale.mjs defines both).
const VERSION = NOOP_VERSION;
const SCHEMA = NOOP_SCHEMA;

const props = (s) => (s ? s.toJavaScript() : {});
const ok = (fn) => (call, callback) => {
  try {
    callback(null, fn(call.request));
  } catch (err) {
    callback({ code: grpc.status.INTERNAL, details: String(err) });
  }
};
let next = 0;

/** Input keys whose value differs between the state and the new inputs. */
function changed(olds, news) {
  return Object.keys(news).filter((k) => JSON.stringify(olds[k]) !== JSON.stringify(news[k]));
}

const handlers = {
  getPluginInfo: ok(() => new PluginInfo().setVersion(VERSION)),
  getSchema: ok(() => new pb.GetSchemaResponse().setSchema(SCHEMA)),
  checkConfig: ok((req) => new pb.CheckResponse().setInputs(req.getNews())),
  diffConfig: ok(() => new pb.DiffResponse().setChanges(pb.DiffResponse.DiffChanges.DIFF_NONE)),
  configure: ok(() => new pb.ConfigureResponse().setAcceptsecrets(true).setSupportspreview(true)),
  check: ok((req) => new pb.CheckResponse().setInputs(req.getNews())),
  diff: ok((req) => {
    const keys = changed(props(req.getOlds()), props(req.getNews()));
    const res = new pb.DiffResponse().setHasdetaileddiff(true);
    if (keys.length === 0) return res.setChanges(pb.DiffResponse.DiffChanges.DIFF_NONE);
    const detailed = res.setChanges(pb.DiffResponse.DiffChanges.DIFF_SOME).setDiffsList(keys);
    for (const k of keys) {
      detailed
        .getDetaileddiffMap()
        .set(k, new pb.PropertyDiff().setKind(pb.PropertyDiff.Kind.UPDATE).setInputdiff(true));
    }
    return res;
  }),
  create: ok((req) =>
    new pb.CreateResponse()
      .setId(`noop-${process.pid}-${next++}`)
      .setProperties(req.getProperties() ?? new Struct()),
  ),
  read: ok((req) =>
    new pb.ReadResponse()
      .setId(req.getId())
      .setProperties(req.getProperties() ?? new Struct())
      .setInputs(req.getInputs() ?? new Struct()),
  ),
  update: ok((req) => new pb.UpdateResponse().setProperties(req.getNews() ?? new Struct())),
  delete: ok(() => new Empty()),
  cancel: ok(() => new Empty()),
  attach: ok(() => new Empty()),
};

const server = new grpc.Server();
server.addService(ResourceProviderService, handlers);
server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) => {
  if (err) throw err;
  process.stdout.write(`${port}\n`);
});
