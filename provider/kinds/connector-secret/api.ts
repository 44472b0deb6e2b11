/** A Kafka Connect secret as the API sends it (never its data). */
import { z } from "zod";

export const connectSecretSchema = z.object({
  id: z.string(),
  labels: z.record(z.string(), z.string()).nullish(),
});
export type ConnectSecret = z.infer<typeof connectSecretSchema>;
