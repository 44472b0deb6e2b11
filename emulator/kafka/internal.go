package main

// What Redpanda keeps for itself in the broker (emulator/domain/internal-topics.ts has the rest):
// __consumer_offsets, created by the first FindCoordinator for a consumer group
// (redpanda-data/redpanda src/v/kafka/server/handlers/find_coordinator.cc) with
// group_topic_partitions (16) partitions, compacted. kfake keeps group offsets to itself, so the
// topic is made beside them for clients and the data plane to see. Redpanda's metadata marks it
// internal (src/v/kafka/server/handlers/metadata.cc, is_internal); kfake can only do that through
// a topic config every DescribeConfigs would then show, so the broker leaves the flag unset and
// the data-plane API sets it (routes/topic.ts).

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kmsg"
)

const consumerOffsets = "__consumer_offsets"

// createConsumerOffsetsOnFirstGroup holds the first group FindCoordinator until the superuser
// client has created __consumer_offsets (kfake runs other connections' requests meanwhile).
func createConsumerOffsetsOnFirstGroup(cluster *kfake.Cluster, adm *kadm.Client) {
	var once sync.Once
	create := func() {
		once.Do(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			configs := map[string]*string{"cleanup.policy": kadm.StringPtr("compact")}
			r, err := adm.CreateTopic(ctx, 16, -1, configs, consumerOffsets)
			if err = firstErr(err, r.Err); err != nil && !errors.Is(err, kerr.TopicAlreadyExists) {
				// The group still works (kfake keeps offsets itself); only the list lacks the topic.
				fmt.Fprintf(os.Stderr, "redpanda-emulator-kafka: creating %s: %v\n", consumerOffsets, err)
			}
		})
	}
	// Control functions run one at a time, except while one sleeps: a second group's lookup in
	// that time sleeps on the same once.
	done := false
	cluster.ControlKey(int16(kmsg.FindCoordinator), func(req kmsg.Request) (kmsg.Response, error, bool) {
		cluster.KeepControl()
		if req.(*kmsg.FindCoordinatorRequest).CoordinatorType != 0 {
			return nil, nil, false
		}
		if done {
			cluster.DropControl()
			return nil, nil, false
		}
		cluster.SleepControl(create)
		done = true
		return nil, nil, false
	})
}
