// Command testclient is a franz-go (kgo) Kafka client for the tests of the emulator's Kafka API,
// beside kafkajs, kcat and @platformatic/kafka. It is not part of the broker (not shipped).
//
//	KAFKA_PASSWORD=… testclient produce|consume --brokers H:P[,H:P] --user U
//	  --mechanism SCRAM-SHA-256|SCRAM-SHA-512 --topic T [--count N] [--group G]
//
// The password comes from the environment, never the arguments. Prints one JSON line:
// {"ok":true,…} or {"ok":false,"error":"TOPIC_AUTHORIZATION_FAILED"} (exit 1).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/sasl"
	"github.com/twmb/franz-go/pkg/sasl/scram"
)

func main() {
	if len(os.Args) < 2 {
		answer(nil, errors.New("usage: testclient produce|consume --brokers … --user … --topic …"))
	}
	cmd := os.Args[1]
	fs := flag.NewFlagSet(cmd, flag.ExitOnError)
	brokers := fs.String("brokers", "", "seed brokers, comma-separated")
	user := fs.String("user", "", "SCRAM user")
	mechanism := fs.String("mechanism", "SCRAM-SHA-256", "SCRAM-SHA-256 or SCRAM-SHA-512")
	topic := fs.String("topic", "", "topic")
	count := fs.Int("count", 1, "records to produce or consume")
	group := fs.String("group", "", "consumer group")
	_ = fs.Parse(os.Args[2:])

	auth := scram.Auth{User: *user, Pass: os.Getenv("KAFKA_PASSWORD")}
	var mech sasl.Mechanism = auth.AsSha256Mechanism()
	if *mechanism == "SCRAM-SHA-512" {
		mech = auth.AsSha512Mechanism()
	}
	opts := []kgo.Opt{
		kgo.SeedBrokers(strings.Split(*brokers, ",")...),
		kgo.SASL(mech),
		// A refused login closes the connection, which kgo retries until this gives up.
		kgo.RecordDeliveryTimeout(8 * time.Second),
		kgo.RequestRetries(2),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	switch cmd {
	case "produce":
		cl, err := kgo.NewClient(opts...)
		if err != nil {
			answer(nil, err)
		}
		var records []*kgo.Record
		for i := 0; i < *count; i++ {
			records = append(records, &kgo.Record{Topic: *topic, Key: []byte(fmt.Sprintf("k%d", i)), Value: []byte(fmt.Sprintf("franz-go %d", i))})
		}
		err = cl.ProduceSync(ctx, records...).FirstErr()
		cl.Close()
		answer(map[string]any{"produced": *count}, err)
	case "consume":
		opts = append(opts, kgo.ConsumerGroup(*group), kgo.ConsumeTopics(*topic),
			kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()), kgo.DisableAutoCommit())
		cl, err := kgo.NewClient(opts...)
		if err != nil {
			answer(nil, err)
		}
		seen := 0
		for seen < *count {
			fetches := cl.PollFetches(ctx)
			if errs := fetches.Errors(); len(errs) > 0 {
				cl.Close()
				answer(map[string]any{"consumed": seen}, errs[0].Err)
			}
			// A fetch may bring more than asked for: reading `count` of them is what was asked.
			seen = min(seen+fetches.NumRecords(), *count)
		}
		err = cl.CommitUncommittedOffsets(ctx)
		cl.Close() // leaves the group
		answer(map[string]any{"consumed": seen}, err)
	default:
		answer(nil, fmt.Errorf("unknown command %q", cmd))
	}
}

// answer prints the one JSON line and exits: the Kafka error's name when there is one.
func answer(fields map[string]any, err error) {
	out := map[string]any{"ok": err == nil}
	for k, v := range fields {
		out[k] = v
	}
	if err != nil {
		var ke *kerr.Error
		if errors.As(err, &ke) {
			out["error"] = ke.Message
		} else {
			out["error"] = err.Error()
		}
	}
	line, _ := json.Marshal(out)
	fmt.Println(string(line))
	if err != nil {
		os.Exit(1)
	}
	os.Exit(0)
}
