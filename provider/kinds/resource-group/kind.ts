/** ResourceGroup: `name` renames in place (a PATCH), as Terraform learned in 4034e0f. */
import * as z from "zod";
import type { ResourceGroup as ApiResourceGroup } from "./api";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId } from "../../declare/fields";

export const resourceGroupKind = declareKind({
  type: "ResourceGroup",
  section: "control plane",
  order: 1,
  doc: "A resource group: the container networks and clusters are created in.",
  fields: {
    name: {
      schema: z
        .string()
        .min(1)
        .max(253)
        .regex(
          /^[a-zA-Z0-9-]+$/,
          "name may contain only letters, digits and hyphens (at most 253)",
        ),
      change: "update",
      doc: "Name; letters, digits and hyphens, at most 253 (a rename)",
    },
    adoptId: adoptId("Id of an existing resource group to manage instead of creating one"),
  },
  outputs: { name: { schema: z.string(), doc: "The group's name." } },
});

export type ResourceGroupInputs = InputsOf<typeof resourceGroupKind.fields>;
export type ResourceGroupOutputs = ResourceGroupInputs & { id: string };

/** The state a read of the group gives. */
export function fromApi(g: ApiResourceGroup, props: ResourceGroupOutputs): ResourceGroupOutputs {
  return { ...props, id: g.id, name: g.name };
}
