/** A Kafka Connect connector as the API sends it. */
import { z } from "zod";
import { nullableString } from "../../transport/zod-shapes";

export const connectorSchema = z.object({
  name: z.string(),
  config: z.record(z.string(), z.string()),
  type: nullableString,
});
export type Connector = z.infer<typeof connectorSchema>;
