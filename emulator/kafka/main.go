// Command redpanda-emulator-kafka runs one emulated cluster's Kafka API: a franz-go kfake broker
// (SASL/SCRAM, ACLs enforced) on loopback, and a small admin endpoint the emulator's data plane
// calls. Every admin call is a Kafka admin request (kadm / kmsg) sent over the Kafka protocol to
// the broker as its superuser, the way the vendor's data-plane API fronts its own Kafka API.
//
// It prints one JSON line, {"kafka": "host:port", "admin": "http://host:port"}, then serves until
// stdin closes (the emulator went away) or SIGTERM.
//
// Both secrets come from the environment, never the arguments (which any local user can read in
// ps): KAFKA_SUPERUSER_PASSWORD, the broker superuser's, and KAFKA_ADMIN_TOKEN, which every
// request to the admin endpoint must carry (Authorization: Bearer …). The emulator makes both
// afresh for each broker it starts. The Kafka listener itself refuses anything but ApiVersions and
// the SASL exchange before a SCRAM login.
package main

import (
	"bufio"
	"crypto/subtle"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/sasl/scram"
)

func main() {
	host := flag.String("host", "127.0.0.1", "interface for the broker and the admin endpoint")
	brokers := flag.Int("brokers", 1, "number of brokers (admin clients that do not route to the controller need 1)")
	user := flag.String("superuser", "emulator-admin", "SCRAM-SHA-256 superuser the admin endpoint uses")
	flag.Parse()
	pass := os.Getenv("KAFKA_SUPERUSER_PASSWORD")
	if pass == "" {
		fail("KAFKA_SUPERUSER_PASSWORD must be set")
	}
	token := os.Getenv("KAFKA_ADMIN_TOKEN")
	if len(token) < 16 {
		fail("KAFKA_ADMIN_TOKEN must be set (16 characters or more)")
	}
	cluster, err := kfake.NewCluster(
		kfake.NumBrokers(*brokers),
		kfake.ListenFn(func(network, _ string) (net.Listener, error) {
			ln, err := net.Listen(network, *host+":0")
			if err != nil {
				return nil, err
			}
			return saslListener{ln}, nil
		}),
		kfake.EnableSASL(),
		kfake.EnableACLs(),
		kfake.Superuser("SCRAM-SHA-256", *user, pass),
	)
	if err != nil {
		fail("starting the broker: %v", err)
	}
	defer cluster.Close()
	client, err := kgo.NewClient(
		kgo.SeedBrokers(cluster.ListenAddrs()...),
		kgo.SASL(scram.Auth{User: *user, Pass: pass}.AsSha256Mechanism()),
		// Sharded admin requests (DescribeConfigs, IncrementalAlterConfigs) resolve topics from
		// kgo's metadata cache: keep it short, or they would miss a topic made a moment ago. The
		// topic list itself is always asked of the broker (admin.go, metadata).
		kgo.MetadataMinAge(10*time.Millisecond),
	)
	if err != nil {
		fail("admin client: %v", err)
	}
	defer client.Close()
	a := &admin{cl: client, adm: kadm.NewClient(client), superuser: *user}
	createConsumerOffsetsOnFirstGroup(cluster, a.adm)

	ln, err := net.Listen("tcp", *host+":0")
	if err != nil {
		fail("admin endpoint: %v", err)
	}
	srv := &http.Server{Handler: requireToken(token, a.routes()), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	hello, _ := json.Marshal(map[string]any{
		"kafka": strings.Join(cluster.ListenAddrs(), ","),
		"admin": "http://" + ln.Addr().String(),
	})
	fmt.Println(string(hello))

	done := make(chan struct{})
	go func() { _, _ = io.Copy(io.Discard, bufio.NewReader(os.Stdin)); close(done) }()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	select {
	case <-done:
	case <-sig:
	}
	_ = srv.Close()
}

// requireToken refuses (401) every request that does not carry the run's admin token: the
// endpoint listens on a loopback port, which any local process can reach.
func requireToken(token string, next http.Handler) http.Handler {
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
			write(w, http.StatusUnauthorized, map[string]string{"error": "missing or wrong admin token"})
			return
		}
		next.ServeHTTP(w, r)
	})
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "redpanda-emulator-kafka: "+format+"\n", args...)
	os.Exit(1)
}
