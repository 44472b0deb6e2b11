/**
 * Quota's lifecycle (its requests: ./api.ts); inputs and change rules: ./kind.ts. One entity's limits through the
 * batch API; a failure the batch reports for the entity is an error naming it.
 */
import type { BatchQuotaResult } from "./api";
import { RedpandaError } from "../../errors";
import { equal } from "../../equal";
import { liveValues, quotaId, quotaKind, toApi } from "./kind";
import type { QuotaInputs, QuotaOutputs } from "./kind";
import type { ResourceSpec } from "../../runtime/lifecycle";
import type { CallContext } from "../../runtime/context";
import { batchDeleteQuotas, batchSetQuotas, listQuotas } from "./api";

function refusal(what: string, r: BatchQuotaResult): void {
  const failed = r.failed_entities?.[0];
  if (failed)
    throw new RedpandaError(
      `${what} was refused: ${failed.error_message || "no reason given"} (code ${failed.error_code ?? "?"})`,
    );
}

async function live(ctx: CallContext, i: QuotaInputs): Promise<QuotaInputs["values"]> {
  const entries = await listQuotas(
    ctx.dp(i.dataplaneApiUrl),
    i.entity.entityType,
    i.entity.entityName,
  );
  return liveValues(
    entries.filter((e) => (e.entity?.entity_name ?? "") === i.entity.entityName),
    i.values,
  );
}

const label = (i: Pick<QuotaInputs, "entity">) =>
  `quota of ${i.entity.entityName ? `${i.entity.entityType} ${i.entity.entityName}` : `the default ${i.entity.entityType}`}`;

export const quota: ResourceSpec<typeof quotaKind.fields, QuotaOutputs> = {
  kind: quotaKind,
  label,
  async create(i, ctx) {
    const id = quotaId(i);
    if (i.adoptId !== undefined && i.adoptId !== id)
      throw new RedpandaError(`adoptId ${i.adoptId} is not this quota's id ${id}`);
    // Values of these types already set are someone else's unless adopted, or exactly ours (a
    // create whose answer was lost sets the same values again).
    const existing = await live(ctx, i);
    const differs = existing.some(
      (e) => i.values.find((v) => v.valueType === e.valueType)?.value !== e.value,
    );
    if (!i.adoptId && differs)
      throw new RedpandaError(
        `${label(i)} already has ${existing.map((v) => `${v.valueType} = ${v.value}`).join(", ")}, set outside this stack; to manage it, set adoptId: "${id}"`,
      );
    refusal(label(i), await batchSetQuotas(ctx.dp(i.dataplaneApiUrl), [toApi(i)]));
    return { id, outs: { ...i, id } };
  },
  async read(_id, props, ctx) {
    const values = await live(ctx, props);
    if (values.length === 0) return undefined;
    return { ...props, values };
  },
  inputsOf: (o) => ({ values: o.values }),
  async update(id, olds, news, ctx) {
    const c = ctx.dp(news.dataplaneApiUrl);
    if (!equal(olds.values, news.values))
      refusal(label(news), await batchSetQuotas(c, [toApi(news)]));
    const dropped = olds.values
      .map((v) => v.valueType)
      .filter((t) => !news.values.some((v) => v.valueType === t));
    if (dropped.length > 0)
      refusal(
        label(news),
        await batchDeleteQuotas(c, [{ entity: toApi(news).entity, value_types: dropped }]),
      );
    return { ...news, id };
  },
  async delete(_id, props, ctx) {
    // Exactly the value types this resource set: the entity's other limits are not ours.
    refusal(
      label(props),
      await batchDeleteQuotas(ctx.dp(props.dataplaneApiUrl), [
        { entity: toApi(props).entity, value_types: props.values.map((v) => v.valueType) },
      ]),
    );
  },
};
