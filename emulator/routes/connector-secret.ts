/** Kafka Connect secrets (`/v1/kafka-connect/clusters/redpanda/secrets`): data in, never out. */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { ApiError, invalid } from "../errors";
import { paginate } from "../paging";
import type { DpConnectSecret } from "../domain/records";
import { xid } from "../domain/records";
import { Checker, asObject } from "../validate";
import type { Json } from "../validate";
import type { ConnectParams } from "../domain/kafka-connect";
import { CONNECT_SEGMENTS, connectDataplane } from "../domain/kafka-connect";

type Params = ConnectParams;
const NAME = /^[a-zA-Z0-9-_]+$/;

/** A secret as the API shows it: never its data. */
function secretView(s: DpConnectSecret): Json {
  return { id: s.id, labels: s.labels, scopes: ["SCOPE_REDPANDA_CONNECT"] };
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

export function registerConnectorSecrets(app: FastifyInstance, ctx: EmulatorContext): void {
  const dpFor = (p: Params) => connectDataplane(ctx, p);
  const secretOf = (p: Params & { id: string }): DpConnectSecret => {
    const s = dpFor(p).connectSecrets[p.id];
    if (!s) throw new ApiError("NOT_FOUND", "secret not found", "REASON_RESOURCE_NOT_FOUND");
    return s;
  };

  for (const seg of CONNECT_SEGMENTS) {
    const base = `/v1/${seg}/clusters/:cluster`;

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
  }
}
