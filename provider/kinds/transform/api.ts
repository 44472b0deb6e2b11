/**
 * A Wasm data transform: the record the API sends, and the deploy. A deploy is a `PUT` of a
 * `multipart/form-data` body, the metadata (`DeployTransformRequest` as JSON) and the module (a
 * file part, `wasm_binary`); under an existing name it replaces that transform in place.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import { nullableString, stringList } from "../../transport/zod-shapes";
import type { components as DataPlane } from "../../wire/dataplane-openapi";
import type { DataPlaneClient } from "../../transport/dataplane";
import { wrapped } from "../../transport/zod-shapes";

export const transformSchema = z.object({
  name: z.string(),
  input_topic_name: nullableString,
  output_topic_names: stringList,
  environment_variables: z
    .array(z.object({ key: nullableString, value: nullableString }))
    .nullish()
    .transform((v) => v ?? []),
  statuses: z
    .array(
      z.object({
        broker_id: z.number().nullish(),
        partition_id: z.number().nullish(),
        status: nullableString,
        lag: z.number().nullish(),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
});
export type Transform = z.infer<typeof transformSchema>;

export type DeployTransformRequest = DataPlane["schemas"]["DeployTransformRequest"];

const TRANSFORMS = "/v1/transforms";

/**
 * Deploys `module` with `metadata`: a new transform, or a redeploy of the one of that name. The
 * same body again does the same, so it may be re-sent.
 */
export function deployTransform(
  c: DataPlaneClient,
  metadata: DeployTransformRequest,
  module: Uint8Array,
): Promise<Transform> {
  const form = new FormData();
  form.set("metadata", JSON.stringify(metadata));
  // A file part, with a file name: the vendor's handler reads it with Go's multipart reader.
  form.set(
    "wasm_binary",
    new Blob([module], { type: "application/wasm" }),
    `${metadata.name}.wasm`,
  );
  return c.transport.request({
    method: "PUT",
    url: c.url(TRANSFORMS),
    form,
    idempotent: true,
    schema: wrapped("transform", transformSchema),
  });
}

export function getTransform(c: DataPlaneClient, name: string): Promise<Transform> {
  return c.transport.request({
    method: "GET",
    url: c.url(`${TRANSFORMS}/${encodeURIComponent(name)}`),
    idempotent: true,
    schema: wrapped("transform", transformSchema),
  });
}

export function deleteTransform(c: DataPlaneClient, name: string): Promise<void> {
  return c.transport.request({
    method: "DELETE",
    url: c.url(`${TRANSFORMS}/${encodeURIComponent(name)}`),
    idempotent: true,
  });
}

/** Every transform of the cluster, every page; those whose name contains `nameContains`. */
export function listTransforms(c: DataPlaneClient, nameContains?: string): Promise<Transform[]> {
  return c.listAll(
    TRANSFORMS,
    "transforms",
    transformSchema,
    nameContains ? { "filter.name_contains": nameContains } : {},
  );
}
