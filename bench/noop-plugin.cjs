/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, bundled by plugin-stacks.mjs */
// A no-op `redpandacloud` provider plugin for bench/plugin-vs-dynamic.mjs (packed by
// plugin-stacks.mjs): the same gRPC library and engine stubs as the real plugin, the same schema
// (sdk/schema.json), and no API behind it — Check returns the inputs (the schema's secret inputs as
// secrets, as any provider must), Diff compares inputs with the state, Create answers an id at
// once, Read returns the state it is given, Update and Delete do nothing. What the engine, the
// language host and the gRPC hop cost for N resources, with nothing of ours: the floor the plugin
// is held to.
// Built with NOOP_FLOOR true (plugin-stacks.mjs's noopArchive(version, { floor: true })), it also
// makes the requests the vendor's data-plane API needs, with Node's http and no library — the
// contract's floor: Create sends the one create request (POST a topic, a user, an ACL), Delete the
// one delete, and Read the topic's configurations (one GET each: the API has no call for many) and
// one list of the cluster's topics, users and ACLs each, shared by every read.
const grpc = require("@grpc/grpc-js");
const { Empty } = require("google-protobuf/google/protobuf/empty_pb");
const { Struct } = require("google-protobuf/google/protobuf/struct_pb");
const { PluginInfo } = require("@pulumi/pulumi/proto/plugin_pb");
const { ResourceProviderService } = require("@pulumi/pulumi/proto/provider_grpc_pb");
const pb = require("@pulumi/pulumi/proto/provider_pb");

// Inlined at bundle time (plugin-stacks.mjs defines them).
const VERSION = NOOP_VERSION;
const SCHEMA = NOOP_SCHEMA;
const FLOOR = NOOP_FLOOR;

const props = (s) => (s ? s.toJavaScript() : {});

// The schema's secret inputs by resource token: Check returns them wrapped as secrets, as any
// provider must for the engine to keep them encrypted in state (a user's password). The engine's
// secret signature, written here rather than taken from provider/plugin/props.ts: the no-op uses
// nothing of ours.
const SIG = "4dabf18193072939515e22adb298388d";
const SECRET = "1b47061264138c4ac30d75fd1eb44270";
const secretInputs = new Map(
  Object.entries(JSON.parse(SCHEMA).resources ?? {}).map(([token, r]) => [
    token,
    Object.entries(r.inputProperties ?? {})
      .filter(([, p]) => p.secret === true)
      .map(([name]) => name),
  ]),
);

/** The inputs as they came, their declared secrets wrapped when they did not arrive so. */
function checked(req) {
  const news = req.getNews() ?? new Struct();
  const names = secretInputs.get(req.getType()) ?? [];
  const fields = news.getFieldsMap();
  const plainSecret = (n) => fields.has(n) && !fields.get(n).hasStructValue();
  if (!names.some(plainSecret)) return news;
  const values = news.toJavaScript();
  for (const n of names.filter(plainSecret)) values[n] = { [SIG]: SECRET, value: values[n] };
  return Struct.fromJavaScript(values);
}
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

const http = require("node:http");
const agent = new http.Agent({ keepAlive: true });
let token = "";

/** `method` `url` with the instance's token (and `body` as JSON); the JSON answer. */
function send(method, url, body) {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    const req = http.request(url, { method, agent, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        if (res.statusCode >= 200 && res.statusCode < 300) resolve(text ? JSON.parse(text) : {});
        else reject(new Error(`${method} ${url}: ${res.statusCode} ${text}`));
      });
    });
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
const get = (url) => send("GET", url);

/** Every page of a collection, once per process (the reads of a refresh share it). */
const lists = new Map();
function listOnce(base, path, key) {
  const at = `${base}${path}`;
  if (!lists.has(at)) {
    const all = async () => {
      const items = [];
      let page = "";
      do {
        const body = await get(`${at}?page_size=1000${page ? `&page_token=${page}` : ""}`);
        items.push(...(body[key] ?? []));
        page = body.next_page_token ?? "";
      } while (page);
      return items;
    };
    lists.set(at, all());
  }
  return lists.get(at);
}

/** A secret input arrives as `{<sig>, value}`. */
const plainOf = (v) => (v !== null && typeof v === "object" && v[SIG] === SECRET ? v.value : v);

/** An ACL's seven fields as the API names them. */
const aclOf = (p) => ({
  resource_type: p.resourceType,
  resource_name: p.resourceName,
  resource_pattern_type: p.resourcePatternType,
  principal: p.principal,
  host: p.host ?? "*",
  operation: p.operation,
  permission_type: p.permissionType,
});

/** The one request the API needs to create a data-plane resource. */
async function contractCreate(type, props) {
  const base = props.dataplaneApiUrl;
  if (typeof base !== "string") return;
  lists.clear();
  if (type.endsWith(":Topic")) {
    await send("POST", `${base}/v1/topics`, {
      name: props.name,
      partition_count: props.partitionCount,
    });
  } else if (type.endsWith(":User")) {
    await send("POST", `${base}/v1/users`, {
      name: props.name,
      password: plainOf(props.password),
      mechanism: props.mechanism ?? "SASL_MECHANISM_SCRAM_SHA_256",
    });
  } else if (type.endsWith(":Acl")) await send("POST", `${base}/v1/acls`, aclOf(props));
}

/** The one request the API needs to delete a data-plane resource. */
async function contractDelete(type, props) {
  const base = props.dataplaneApiUrl;
  if (typeof base !== "string") return;
  lists.clear();
  if (type.endsWith(":Topic")) {
    await send("DELETE", `${base}/v1/topics/${encodeURIComponent(props.name)}`);
  } else if (type.endsWith(":User")) {
    await send("DELETE", `${base}/v1/users/${encodeURIComponent(props.name)}`);
  } else if (type.endsWith(":Acl")) {
    const filter = new URLSearchParams(
      Object.entries(aclOf(props)).map(([k, v]) => [`filter.${k}`, v]),
    );
    await send("DELETE", `${base}/v1/acls?${filter}`);
  }
}

/** Create's answer: an id, and the inputs as the outputs. */
const created = (req) =>
  new pb.CreateResponse()
    .setId(`noop-${process.pid}-${next++}`)
    .setProperties(req.getProperties() ?? new Struct());

/** The requests the API needs to read one data-plane resource back. */
async function contractReads(type, props) {
  const base = props.dataplaneApiUrl;
  if (typeof base !== "string") return;
  if (type.endsWith(":Topic")) {
    await listOnce(base, "/v1/topics", "topics");
    await get(`${base}/v1/topics/${encodeURIComponent(props.name)}/configurations`);
  } else if (type.endsWith(":User")) await listOnce(base, "/v1/users", "users");
  else if (type.endsWith(":Acl")) await listOnce(base, "/v1/acls", "resources");
}

/** Read's answer: the state it was given. */
const readBack = (req) =>
  new pb.ReadResponse()
    .setId(req.getId())
    .setProperties(req.getProperties() ?? new Struct())
    .setInputs(req.getInputs() ?? new Struct());

/** The contract floor's handler: `requests(type, props)` to the API first, then `answer(req)`. */
const afterRequests = (requests, answer) => (call, callback) => {
  const req = call.request;
  requests(req.getUrn().split("::")[2] ?? "", props(req.getProperties())).then(
    () => callback(null, answer(req)),
    (err) => callback({ code: grpc.status.INTERNAL, details: String(err) }),
  );
};

const handlers = {
  getPluginInfo: ok(() => new PluginInfo().setVersion(VERSION)),
  getSchema: ok(() => new pb.GetSchemaResponse().setSchema(SCHEMA)),
  checkConfig: ok((req) => new pb.CheckResponse().setInputs(req.getNews())),
  diffConfig: ok(() => new pb.DiffResponse().setChanges(pb.DiffResponse.DiffChanges.DIFF_NONE)),
  configure: ok((req) => {
    const t = props(req.getArgs()).accessToken; // a secret arrives as {<sig>, value}
    token = String((t !== null && typeof t === "object" ? t.value : t) ?? "");
    return new pb.ConfigureResponse().setAcceptsecrets(true).setSupportspreview(true);
  }),
  check: ok((req) => new pb.CheckResponse().setInputs(checked(req))),
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
  create: FLOOR ? afterRequests(contractCreate, created) : ok(created),
  read: FLOOR ? afterRequests(contractReads, readBack) : ok(readBack),
  update: ok((req) => new pb.UpdateResponse().setProperties(req.getNews() ?? new Struct())),
  delete: FLOOR ? afterRequests(contractDelete, () => new Empty()) : ok(() => new Empty()),
  cancel: ok(() => new Empty()),
  attach: ok(() => new Empty()),
};

const server = new grpc.Server();
server.addService(ResourceProviderService, handlers);
server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) => {
  if (err) throw err;
  process.stdout.write(`${port}\n`);
});
