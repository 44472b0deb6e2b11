import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { dataplaneFor, requireKind } from "../context";
import { ApiError, invalid } from "../errors";
import { paginate } from "../paging";
import type { DpConnectSecret, DpConnector } from "../store";
import { xid } from "../store";
import { Checker, asObject, unwrap } from "../validate";
import type { Json } from "../validate";

type Params = { clusterId: string; cluster: string };
/** The vendor spells the segment `kafka-connect`; api-spec.md's stand-in is accepted too. */
export const CONNECT_SEGMENTS = ["kafka-connect", "connector-runtime"];
const NAME = /^[a-zA-Z0-9-_]+$/;

/** Kafka Connect REST errors surface with this reason (Console's kafkaconnect service). */
const connectError = (code: "NOT_FOUND" | "ALREADY_EXISTS" | "INVALID_ARGUMENT", message: string) =>
  new ApiError(code, message, "REASON_KAFKA_CONNECT_API_ERROR");

/** A secret as the API shows it: never its data. */
function secretView(s: DpConnectSecret): Json {
  return { id: s.id, labels: s.labels, scopes: ["SCOPE_REDPANDA_CONNECT"] };
}

function connectorView(c: DpConnector): Json {
  return {
    name: c.name,
    config: { ...c.config, name: c.name },
    tasks: [{ connector: c.name, task: 0 }],
    type: c.type,
  };
}

function decodeSecretData(raw: unknown, field: string): string {
  if (typeof raw !== "string" || raw === "")
    throw invalid([{ field, description: "value is required" }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, "base64").toString("utf8"));
  } catch {
    throw invalid([{ field, description: "value must be base64 of a JSON object" }]);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw invalid([{ field, description: "value must be base64 of a JSON object" }]);
  }
  return raw;
}

export function registerDataplaneKafkaConnect(app: FastifyInstance, ctx: EmulatorContext): void {
  const dpFor = (p: Params) => {
    const t = dataplaneFor(ctx, p.clusterId);
    requireKind(t, "kafka-connect");
    if (p.cluster !== "redpanda")
      throw connectError(
        "NOT_FOUND",
        `connect cluster ${p.cluster} not found; on Redpanda Cloud it is "redpanda"`,
      );
    return t.dp;
  };
  const secretOf = (p: Params & { id: string }): DpConnectSecret => {
    const s = dpFor(p).connectSecrets[p.id];
    if (!s) throw new ApiError("NOT_FOUND", "secret not found", "REASON_RESOURCE_NOT_FOUND");
    return s;
  };
  const connector = (p: Params & { name: string }): DpConnector => {
    const c = dpFor(p).connectors[p.name];
    if (!c) throw connectError("NOT_FOUND", `Connector ${p.name} not found`);
    return c;
  };

  for (const seg of CONNECT_SEGMENTS) {
    const base = `/v1/${seg}/clusters/:cluster`;

    app.get<{ Params: Params }>(`/v1/${seg}/clusters`, async (req) => {
      const t = dataplaneFor(ctx, req.params.clusterId);
      requireKind(t, "kafka-connect");
      return {
        clusters: [
          { name: "redpanda", address: "http://connect.emulator.local:8083", plugins: [] },
        ],
      };
    });

    // Secrets
    app.post<{ Params: Params }>(`${base}/secrets`, async (req, reply) => {
      const dp = dpFor(req.params);
      const body = asObject(req.body);
      const check = new Checker();
      const name = check.str(body, "name", { required: true, max: 255, pattern: NAME });
      check.done();
      const data = decodeSecretData(body.secret_data, "secret_data");
      const secret: DpConnectSecret = {
        id: xid().toUpperCase(),
        name: name as string,
        secret_data: data,
        labels: asObject(body.labels) as Record<string, string>,
      };
      dp.connectSecrets[secret.id] = secret;
      ctx.touch();
      return reply.code(201).send({ secret: secretView(secret) });
    });
    app.get<{ Params: Params }>(`${base}/secrets`, async (req) => {
      const list = Object.values(dpFor(req.params).connectSecrets).sort((a, b) =>
        a.id.localeCompare(b.id),
      );
      const { page, next_page_token } = paginate(
        list,
        req.query as Record<string, unknown>,
        1000,
        100,
      );
      return {
        secrets: page.map(secretView),
        next_page_token,
      };
    });
    app.get<{ Params: Params & { id: string } }>(`${base}/secrets/:id`, async (req) => {
      const s = secretOf(req.params);
      return { secret: secretView(s) };
    });
    app.put<{ Params: Params & { id: string } }>(`${base}/secrets/:id`, async (req) => {
      const s = secretOf(req.params);
      const body = asObject(req.body);
      s.secret_data = decodeSecretData(body.secret_data, "secret_data");
      if (body.labels !== undefined) s.labels = asObject(body.labels) as Record<string, string>;
      ctx.touch();
      return { secret: secretView(s) };
    });
    app.delete<{ Params: Params & { id: string } }>(`${base}/secrets/:id`, async (req, reply) => {
      secretOf(req.params);
      delete dpFor(req.params).connectSecrets[req.params.id];
      ctx.touch();
      return reply.code(204).send();
    });

    // Connectors
    app.get<{ Params: Params }>(`${base}/connectors`, async (req) => {
      const list = Object.values(dpFor(req.params).connectors).sort((a, b) =>
        a.name.localeCompare(b.name),
      );
      const { page, next_page_token } = paginate(
        list,
        req.query as Record<string, unknown>,
        1000,
        100,
      );
      return {
        connectors: page.map((c) => ({
          name: c.name,
          info: connectorView(c),
          status: statusView(c),
        })),
        next_page_token,
      };
    });
    app.post<{ Params: Params }>(`${base}/connectors`, async (req, reply) => {
      const dp = dpFor(req.params);
      const body = unwrap(req.body, "connector");
      const check = new Checker("connector");
      const name = check.str(body, "name", { required: true, max: 255 });
      const config = asObject(body.config);
      if (body.config === undefined) check.fail("config", "value is required");
      if (Object.values(config).some((v) => typeof v !== "string"))
        check.fail("config", "every config value must be a string");
      if (body.config !== undefined && !config["connector.class"])
        check.fail("config", "connector.class is required");
      check.done();
      if (dp.connectors[name as string])
        throw connectError("ALREADY_EXISTS", `Connector ${name} already exists`);
      const c: DpConnector = {
        name: name as string,
        config: stripName(config),
        type: connectorType(config),
        restarts: 0,
      };
      dp.connectors[c.name] = c;
      ctx.touch();
      return reply.code(201).send({ connector: connectorView(c) });
    });
    app.get<{ Params: Params & { name: string } }>(`${base}/connectors/:name`, async (req) => ({
      connector: connectorView(connector(req.params)),
    }));
    app.get<{ Params: Params & { name: string } }>(
      `${base}/connectors/:name/config`,
      async (req) => ({ config: { ...connector(req.params).config, name: req.params.name } }),
    );
    app.put<{ Params: Params & { name: string } }>(
      `${base}/connectors/:name/config`,
      async (req, reply) => {
        const dp = dpFor(req.params);
        const config = asObject(asObject(req.body).config ?? req.body);
        if (Object.values(config).some((v) => typeof v !== "string"))
          throw invalid([{ field: "config", description: "every config value must be a string" }]);
        const existing = dp.connectors[req.params.name];
        const c: DpConnector = existing ?? {
          name: req.params.name,
          config: {},
          type: connectorType(config),
          restarts: 0,
        };
        c.config = stripName(config);
        c.type = connectorType(config);
        dp.connectors[c.name] = c;
        ctx.touch();
        return reply.code(existing ? 200 : 201).send({ connector: connectorView(c) });
      },
    );
    app.get<{ Params: Params & { name: string } }>(`${base}/connectors/:name/status`, async (req) =>
      statusView(connector(req.params)),
    );
    app.post<{ Params: Params & { name: string } }>(
      `${base}/connectors/:name/restart`,
      async (req, reply) => {
        const c = connector(req.params);
        c.restarts += 1;
        ctx.touch();
        return reply.code(204).send();
      },
    );
    app.delete<{ Params: Params & { name: string } }>(
      `${base}/connectors/:name`,
      async (req, reply) => {
        const dp = dpFor(req.params);
        connector(req.params);
        delete dp.connectors[req.params.name];
        ctx.touch();
        return reply.code(204).send();
      },
    );
  }
}

function stripName(config: Json): Record<string, string> {
  // The server echoes `name` inside config; it is stored once, as the connector's name.
  return Object.fromEntries(Object.entries(config).filter(([k]) => k !== "name")) as Record<
    string,
    string
  >;
}

function connectorType(config: Json): string {
  return /source/i.test(String(config["connector.class"] ?? "")) ? "source" : "sink";
}

function statusView(c: DpConnector): Json {
  return {
    name: c.name,
    connector: { state: "RUNNING", worker_id: "connect-0:8083", trace: "" },
    tasks: [{ id: 0, state: "RUNNING", worker_id: "connect-0:8083", trace: "" }],
    type: c.type,
    holistic_state: "CONNECTOR_HOLISTIC_STATE_HEALTHY",
    errors: [],
  };
}
