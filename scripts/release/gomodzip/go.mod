module github.com/redpanda-cloud-pulumi/pulumi-redpanda-cloud/scripts/release/gomodzip

go 1.26.0

require golang.org/x/mod v0.43.0
