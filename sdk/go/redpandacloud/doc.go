// Redpanda Cloud's control plane and data plane (clusters, networks, topics, users, ACLs, connectors, ...), from the declarations of pulumi-redpanda-cloud.
package redpandacloud
