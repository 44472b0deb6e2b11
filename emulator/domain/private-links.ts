/** Serverless private links as other kinds see them: the table and the lookup by id. */
import type { EmulatorContext } from "../context";
import { notFound } from "../errors";
import type { ServerlessPrivateLinkRec, World } from "./records";

/** The Serverless private links (absent in old state files: made on first use). */
export const linksOf = (world: World): Record<string, ServerlessPrivateLinkRec> =>
  (world.serverlessPrivateLinks ??= {});

/** The private link with this id, or NOT_FOUND. */
export function findPrivateLink(ctx: EmulatorContext, id: string): ServerlessPrivateLinkRec {
  const link = linksOf(ctx.world)[id];
  if (!link) throw notFound(`serverless private link ${id}`, "REASON_RESOURCE_NOT_FOUND");
  return link;
}
