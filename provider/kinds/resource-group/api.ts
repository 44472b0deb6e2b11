/** A resource group as the API sends it. */
import { z } from "zod";

export const resourceGroupSchema = z.object({ id: z.string(), name: z.string() });
export type ResourceGroup = z.infer<typeof resourceGroupSchema>;
