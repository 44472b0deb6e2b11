/** The connect-cluster listing of Kafka Connect (one cluster, "redpanda"). */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { dataplaneFor, requireKind } from "../dataplane";
import type { ConnectParams } from "../domain/kafka-connect";
import { CONNECT_SEGMENTS } from "../domain/kafka-connect";

export function registerKafkaConnectClusters(app: FastifyInstance, ctx: EmulatorContext): void {
  type Params = ConnectParams;
  for (const seg of CONNECT_SEGMENTS) {
    app.get<{ Params: Params }>(`/v1/${seg}/clusters`, async (req) => {
      const t = dataplaneFor(ctx, req.params.clusterId);
      requireKind(t, "kafka-connect");
      return {
        clusters: [
          { name: "redpanda", address: "http://connect.emulator.local:8083", plugins: [] },
        ],
      };
    });
  }
}
