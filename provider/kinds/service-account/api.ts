/** A service account as the API sends it (the client secret only at creation). */
import { z } from "zod";
import { nullableString } from "../../transport/zod-shapes";

export const serviceAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: nullableString,
  auth0_client_credentials: z
    .object({ client_id: nullableString, client_secret: z.string().nullish() })
    .nullish(),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;
