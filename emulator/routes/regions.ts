/**
 * The region catalogue as the vendor serves it: `GET /v1/regions/{cloud_provider}` (optionally only
 * regions offering a cluster type), `GET /v1/regions/{cloud_provider}/{name}`, and the serverless
 * regions at `GET /v1/serverless/regions` and `GET /v1/serverless/region`. The vendor's Region has
 * no tiers; tiers are enforced at cluster create (routes/cluster.ts).
 */
import type { FastifyInstance } from "fastify";
import { CLOUD_PROVIDERS, findRegion, regionsOf, serverlessRegions } from "../catalog";
import type { Region, ServerlessRegion } from "../catalog";
import type { EmulatorContext } from "../context";
import { invalid, notFound } from "../errors";
import { paginate } from "../paging";
import { CLUSTER_TYPES } from "../domain/networks";

const regionView = (r: Region) => ({
  cloud_provider: r.cloudProvider,
  name: r.name,
  zones: r.zones,
});

const serverlessRegionView = (r: ServerlessRegion) => ({
  cloud_provider: r.cloudProvider,
  name: r.name,
  placement: { enabled: true },
});

function cloudParam(value: unknown, field: string, required: boolean): string | undefined {
  if (value === undefined || value === "") {
    if (required) throw invalid([{ field, description: "value is required" }]);
    return undefined;
  }
  if (!(CLOUD_PROVIDERS as readonly unknown[]).includes(value)) {
    throw invalid([{ field, description: `value must be one of ${CLOUD_PROVIDERS.join(", ")}` }]);
  }
  return value as string;
}

export function registerRegions(app: FastifyInstance, ctx: EmulatorContext): void {
  const strict = () => ctx.strictCatalog === true;
  app.get<{ Params: { cloud: string } }>("/v1/regions/:cloud", async (req) => {
    const q = req.query as Record<string, unknown>;
    const cloud = cloudParam(req.params.cloud, "cloud_provider", true) as string;
    const type = q["filter.cluster_type"];
    if (type !== undefined && !(CLUSTER_TYPES as readonly unknown[]).includes(type)) {
      throw invalid([
        {
          field: "filter.cluster_type",
          description: `value must be one of ${CLUSTER_TYPES.join(", ")}`,
        },
      ]);
    }
    const { page, next_page_token } = paginate(
      regionsOf(cloud, type as string | undefined, strict()),
      q,
      100,
    );
    return { regions: page.map(regionView), next_page_token };
  });

  app.get<{ Params: { cloud: string; name: string } }>("/v1/regions/:cloud/:name", async (req) => {
    const cloud = cloudParam(req.params.cloud, "cloud_provider", true) as string;
    const region = findRegion(cloud, req.params.name, strict());
    if (!region) throw notFound(`region ${req.params.name} on ${cloud}`, "REASON_REGION_NOT_FOUND");
    return { region: regionView(region) };
  });

  app.get("/v1/serverless/regions", async (req) => {
    const q = req.query as Record<string, unknown>;
    const cloud = cloudParam(q.cloud_provider, "cloud_provider", true);
    const list = serverlessRegions(strict()).filter((r) => r.cloudProvider === cloud);
    const { page, next_page_token } = paginate(list, q, 100);
    return { serverless_regions: page.map(serverlessRegionView), next_page_token };
  });

  app.get("/v1/serverless/region", async (req) => {
    const q = req.query as Record<string, unknown>;
    const cloud = cloudParam(q.cloud_provider, "cloud_provider", false);
    if (typeof q.name !== "string" || q.name === "") {
      throw invalid([{ field: "name", description: "value is required" }]);
    }
    const region = serverlessRegions(strict()).find(
      (r) => r.name === q.name && (cloud === undefined || r.cloudProvider === cloud),
    );
    if (!region) throw notFound(`serverless region ${q.name}`, "REASON_REGION_NOT_FOUND");
    return { serverless_region: serverlessRegionView(region) };
  });
}
