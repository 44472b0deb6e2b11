package main

import (
	"encoding/binary"
	"net"
	"sync"

	"github.com/twmb/franz-go/pkg/kmsg"
)

// enabledMechanisms is what the broker's SASLHandshake answer lists: the SASL mechanisms a
// Redpanda Cloud cluster enables for its Kafka API (SCRAM-SHA-256 and SCRAM-SHA-512, per the
// vendor's "Configure authentication" page and the data-plane API's SASL_MECHANISM_* enum).
var enabledMechanisms = []string{"SCRAM-SHA-256", "SCRAM-SHA-512"}

// Kafka (SaslHandshakeResponse, KIP-43) and Redpanda list the enabled mechanisms in every
// SASLHandshake answer; kfake lists them only when it refuses the mechanism asked for. Clients
// that check the list before authenticating (kafkajs: "SASL SCRAM-SHA-256 mechanism is not
// supported by the server") then cannot log in.
//
// Why not a kfake control function (Cluster.ControlKey(17, …)): a control function receives the
// request alone and either answers it or lets kfake answer it. Answering it ourselves would list
// the mechanisms, but kfake's own handler is what moves the connection's SASL stage
// (clientConn.saslStage, unexported) from "begin" to "authenticating"; without it, the
// SASLAuthenticate that follows is refused ("not allowed given SASL state") and the connection
// closed. Letting kfake answer keeps the stage right, but a control function has no way to see or
// amend the answer. So the fix sits on the other hook kfake offers, its listener (ListenFn): each
// client connection is wrapped, the SASLHandshake requests read from it are noted by correlation
// id, and their successful answers get the mechanisms list before they are written. Nothing else
// on the connection is touched.
//
// librdkafka (kcat, confluent-kafka-*) needs a second amendment: it enables SASL handshakes only
// when the broker's ApiVersions range for SaslHandshake includes version 0 (its
// RD_KAFKA_FEATURE_SASL_HANDSHAKE depends on SaslHandshake 0..0), and kfake advertises 1..1
// ("SASL Handshake not supported by broker (required by mechanism SCRAM-SHA-256)"). Kafka and
// Redpanda advertise 0..1, so the ApiVersions answer is amended to say so. A client offered 0..1
// picks 1, which kfake serves; v0 (raw SASL bytes after the handshake) is what clients sent before
// SaslAuthenticate existed (KIP-152, Kafka 1.0): kfake would refuse such a client, as before.

// saslListener wraps every accepted connection in a saslConn.
type saslListener struct{ net.Listener }

func (l saslListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &saslConn{Conn: c, pending: map[int32]pendingReq{}}, nil
}

type pendingReq struct{ key, version int16 }

// saslConn notes SASLHandshake requests as kfake reads them and completes their answers as kfake
// writes them. kfake reads requests with io.ReadFull (so frames may arrive split across reads)
// and writes each response, size prefix included, in one Write call.
type saslConn struct {
	net.Conn

	mu      sync.Mutex
	pending map[int32]pendingReq // correlation id → the SASLHandshake or ApiVersions request

	head []byte // the current request frame's first bytes: size, key, version, correlation id
	skip int    // bytes of the current request frame still to pass by
}

const requestHead = 4 + 2 + 2 + 4

func (c *saslConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.observe(p[:n])
	return n, err
}

func (c *saslConn) observe(b []byte) {
	for len(b) > 0 {
		if c.skip > 0 {
			k := min(c.skip, len(b))
			c.skip -= k
			b = b[k:]
			continue
		}
		k := min(requestHead-len(c.head), len(b))
		c.head = append(c.head, b[:k]...)
		b = b[k:]
		if len(c.head) < requestHead {
			return
		}
		size := int(binary.BigEndian.Uint32(c.head[0:4]))
		key := int16(binary.BigEndian.Uint16(c.head[4:6]))
		version := int16(binary.BigEndian.Uint16(c.head[6:8]))
		corr := int32(binary.BigEndian.Uint32(c.head[8:12]))
		if key == kmsg.SASLHandshake.Int16() || key == kmsg.ApiVersions.Int16() {
			c.mu.Lock()
			c.pending[corr] = pendingReq{key, version}
			c.mu.Unlock()
		}
		c.skip = max(size-(requestHead-4), 0)
		c.head = c.head[:0]
	}
}

func (c *saslConn) Write(p []byte) (int, error) {
	if len(p) < 8 {
		return c.Conn.Write(p)
	}
	corr := int32(binary.BigEndian.Uint32(p[4:8]))
	c.mu.Lock()
	req, ok := c.pending[corr]
	delete(c.pending, corr)
	c.mu.Unlock()
	if !ok {
		return c.Conn.Write(p)
	}
	// Neither answer has tagged fields in its header (SASLHandshake is not flexible; ApiVersions
	// never has them, KIP-511): the body starts after the correlation id.
	var out []byte
	switch req.key {
	case kmsg.SASLHandshake.Int16():
		resp := kmsg.SASLHandshakeResponse{Version: req.version}
		if err := resp.ReadFrom(p[8:]); err == nil && resp.ErrorCode == 0 && len(resp.SupportedMechanisms) == 0 {
			resp.SupportedMechanisms = enabledMechanisms
			out = resp.AppendTo(append([]byte(nil), p[:8]...))
		}
	case kmsg.ApiVersions.Int16():
		// A version the broker does not serve is answered at v0 (KIP-511): then it is left alone.
		resp := kmsg.ApiVersionsResponse{Version: req.version}
		if err := resp.ReadFrom(p[8:]); err == nil && resp.ErrorCode == 0 {
			for i := range resp.ApiKeys {
				if resp.ApiKeys[i].ApiKey == kmsg.SASLHandshake.Int16() && resp.ApiKeys[i].MinVersion > 0 {
					resp.ApiKeys[i].MinVersion = 0
					out = resp.AppendTo(append([]byte(nil), p[:8]...))
				}
			}
		}
	}
	if out == nil {
		return c.Conn.Write(p)
	}
	binary.BigEndian.PutUint32(out[0:4], uint32(len(out)-4))
	if _, err := c.Conn.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}
