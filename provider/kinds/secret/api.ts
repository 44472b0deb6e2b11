/** A data-plane secret as the API sends it (never its data), and the create body. */
import { z } from "zod";
import type { components as DataPlane } from "../../client/wire/dataplane";

export const secretSchema = z.object({
  id: z.string(),
  scopes: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
  labels: z
    .record(z.string(), z.string())
    .nullish()
    .transform((v) => v ?? {}),
});
export type Secret = z.infer<typeof secretSchema>;

export type SecretCreate = DataPlane["schemas"]["CreateSecretRequest"];
export type SecretUpdate = DataPlane["schemas"]["UpdateSecretBody"];
