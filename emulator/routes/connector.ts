/** Kafka Connect connectors (`/v1/kafka-connect/clusters/redpanda/connectors`). */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { invalid } from "../errors";
import { paginate } from "../paging";
import type { DpConnector } from "../domain/records";
import { Checker, asObject, unwrap } from "../validate";
import type { Json } from "../validate";
import type { ConnectParams } from "../domain/kafka-connect";
import { CONNECT_SEGMENTS, connectDataplane, connectError } from "../domain/kafka-connect";

type Params = ConnectParams;
type Named = { Params: Params & { name: string } };

function connectorView(c: DpConnector): Json {
  return {
    name: c.name,
    config: { ...c.config, name: c.name },
    tasks: [{ connector: c.name, task: 0 }],
    type: c.type,
  };
}

function connector(ctx: EmulatorContext, p: Params & { name: string }): DpConnector {
  const c = connectDataplane(ctx, p).connectors[p.name];
  if (!c) throw connectError("NOT_FOUND", `Connector ${p.name} not found`);
  return c;
}

export function registerConnectors(app: FastifyInstance, ctx: EmulatorContext): void {
  for (const seg of CONNECT_SEGMENTS) {
    const base = `/v1/${seg}/clusters/:cluster`;
    app.get<{ Params: Params }>(`${base}/connectors`, (req) => listConnectors(ctx, req));
    app.post<{ Params: Params }>(`${base}/connectors`, (req, reply) =>
      createConnector(ctx, req, reply),
    );
    app.get<Named>(`${base}/connectors/:name`, (req) => getConnector(ctx, req));
    app.get<Named>(`${base}/connectors/:name/config`, (req) => getConnectorConfig(ctx, req));
    app.put<Named>(`${base}/connectors/:name/config`, (req, reply) =>
      putConnectorConfig(ctx, req, reply),
    );
    app.get<Named>(`${base}/connectors/:name/status`, (req) => getConnectorStatus(ctx, req));
    app.post<Named>(`${base}/connectors/:name/restart`, (req, reply) =>
      restartConnector(ctx, req, reply),
    );
    app.delete<Named>(`${base}/connectors/:name`, (req, reply) => deleteConnector(ctx, req, reply));
  }
}

async function listConnectors(ctx: EmulatorContext, req: FastifyRequest<{ Params: Params }>) {
  const list = Object.values(connectDataplane(ctx, req.params).connectors).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
  const { page, next_page_token } = paginate(list, req.query as Record<string, unknown>, 1000, 100);
  return {
    connectors: page.map((c) => ({
      name: c.name,
      info: connectorView(c),
      status: statusView(c),
    })),
    next_page_token,
  };
}

async function createConnector(
  ctx: EmulatorContext,
  req: FastifyRequest<{ Params: Params }>,
  reply: FastifyReply,
) {
  const dp = connectDataplane(ctx, req.params);
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
}

async function getConnector(ctx: EmulatorContext, req: FastifyRequest<Named>) {
  return {
    connector: connectorView(connector(ctx, req.params)),
  };
}

async function getConnectorConfig(ctx: EmulatorContext, req: FastifyRequest<Named>) {
  return { config: { ...connector(ctx, req.params).config, name: req.params.name } };
}

async function putConnectorConfig(
  ctx: EmulatorContext,
  req: FastifyRequest<Named>,
  reply: FastifyReply,
) {
  const dp = connectDataplane(ctx, req.params);
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
}

async function getConnectorStatus(ctx: EmulatorContext, req: FastifyRequest<Named>) {
  return statusView(connector(ctx, req.params));
}

async function restartConnector(
  ctx: EmulatorContext,
  req: FastifyRequest<Named>,
  reply: FastifyReply,
) {
  const c = connector(ctx, req.params);
  c.restarts += 1;
  ctx.touch();
  return reply.code(204).send();
}

async function deleteConnector(
  ctx: EmulatorContext,
  req: FastifyRequest<Named>,
  reply: FastifyReply,
) {
  const dp = connectDataplane(ctx, req.params);
  connector(ctx, req.params);
  delete dp.connectors[req.params.name];
  ctx.touch();
  return reply.code(204).send();
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
