/** A shadow link as the API sends it (credentials never included), read loosely. */
import { z } from "zod";

export const shadowLinkSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  state: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  shadow_redpanda_id: z.string().nullish(),
  reason: z.string().nullish(),
});
export type ShadowLink = z.infer<typeof shadowLinkSchema>;
