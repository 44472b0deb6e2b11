package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

type admin struct {
	cl        *kgo.Client
	adm       *kadm.Client
	superuser string
}

// Topic is a topic as the broker describes it; configs are the dynamic (explicitly set) ones.
type Topic struct {
	Name              string            `json:"name"`
	Partitions        int               `json:"partitions"`
	ReplicationFactor int               `json:"replication_factor"`
	Configs           map[string]string `json:"configs"`
}

// User is a SCRAM user and its mechanisms (the superuser is left out).
type User struct {
	Name       string   `json:"name"`
	Mechanisms []string `json:"mechanisms"`
}

// ACL is one binding in kmsg's enum names (TOPIC, LITERAL, READ, ALLOW).
type ACL struct {
	ResourceType string `json:"resource_type"`
	ResourceName string `json:"resource_name"`
	PatternType  string `json:"pattern_type"`
	Principal    string `json:"principal"`
	Host         string `json:"host"`
	Operation    string `json:"operation"`
	Permission   string `json:"permission"`
}

// Quota is one single-component client quota entity (client-id, client-id-prefix, …) and its
// values; a nil name is the type's default entity.
type Quota struct {
	EntityType string             `json:"entity_type"`
	EntityName *string            `json:"entity_name"`
	Values     map[string]float64 `json:"values"`
}

// quotaChange sets (or, with a nil value, removes) values of one entity.
type quotaChange struct {
	EntityType string              `json:"entity_type"`
	EntityName *string             `json:"entity_name"`
	Set        map[string]*float64 `json:"set"`
}

type state struct {
	Topics []Topic `json:"topics"`
	Users  []User  `json:"users"`
	ACLs   []ACL   `json:"acls"`
	Quotas []Quota `json:"quotas"`
}

func (a *admin) routes() http.Handler {
	mux := http.NewServeMux()
	handle := func(path string, fn func(ctx context.Context, r *http.Request, body json.RawMessage) (any, error)) {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			ctx, cancel := context.WithTimeout(r.Context(), 15*time.Second)
			defer cancel()
			var body json.RawMessage
			if r.Method == http.MethodPost {
				if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
					write(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
					return
				}
			}
			out, err := fn(ctx, r, body)
			if err != nil {
				write(w, http.StatusUnprocessableEntity, refusal(err))
				return
			}
			write(w, http.StatusOK, out)
		})
	}
	// ?parts=topics,users,acls,quotas (default all) and ?topic=NAME (that topic only): a request
	// reads only what it concerns.
	handle("GET /state", func(ctx context.Context, r *http.Request, _ json.RawMessage) (any, error) {
		parts := map[string]bool{}
		for _, p := range strings.Split(r.URL.Query().Get("parts"), ",") {
			if p != "" {
				parts[p] = true
			}
		}
		if len(parts) == 0 {
			parts = map[string]bool{"topics": true, "users": true, "acls": true, "quotas": true}
		}
		return a.state(ctx, parts, r.URL.Query().Get("topic"))
	})
	handle("POST /apply", func(ctx context.Context, _ *http.Request, body json.RawMessage) (any, error) {
		var ch change
		if err := json.Unmarshal(body, &ch); err != nil {
			return nil, err
		}
		return map[string]any{}, a.apply(ctx, ch)
	})
	return mux
}

// kafkaError is the Kafka error behind a refusal, as kerr names it: the emulator answers it as
// the vendor's data plane does (emulator/kafka-errors.ts), not as text.
type kafkaError struct {
	Name        string `json:"name"`
	Code        int16  `json:"code"`
	Retriable   bool   `json:"retriable"`
	Description string `json:"description"`
}

// refusal is the admin endpoint's answer to a change the broker refused: the message, and the
// Kafka error when there is one.
func refusal(err error) map[string]any {
	out := map[string]any{"error": err.Error()}
	var ke *kerr.Error
	if errors.As(err, &ke) {
		out["kafka"] = kafkaError{Name: ke.Message, Code: ke.Code, Retriable: ke.Retriable, Description: ke.Description}
	}
	return out
}

func write(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (a *admin) state(ctx context.Context, parts map[string]bool, topic string) (*state, error) {
	s := &state{Topics: []Topic{}, Users: []User{}, ACLs: []ACL{}, Quotas: []Quota{}}
	if parts["topics"] {
		if err := a.topics(ctx, s, topic); err != nil {
			return nil, err
		}
	}
	if parts["users"] {
		if err := a.users(ctx, s); err != nil {
			return nil, err
		}
	}
	if parts["acls"] {
		if err := a.acls(ctx, s); err != nil {
			return nil, err
		}
	}
	if parts["quotas"] {
		if err := a.quotas(ctx, s); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// metadata asks the broker for its topics (all, or the one named) every time. kadm's ListTopics
// answers from kgo's metadata cache while it is younger than MetadataMinAge, so a request that
// follows another's create within that time would not see the topic: the data plane then creates
// it again and the broker refuses (a duplicate topic answered 400, the registry's _schemas made
// twice and answered 500; issue 49). A MetadataRequest issued as such is always sent.
func (a *admin) metadata(ctx context.Context, only string) (map[string]kmsg.MetadataResponseTopic, error) {
	req := kmsg.NewPtrMetadataRequest() // no topics named: all of them
	if only != "" {
		t := kmsg.NewMetadataRequestTopic()
		t.Topic = kmsg.StringPtr(only)
		req.Topics = append(req.Topics, t)
	}
	resp, err := req.RequestWith(ctx, a.cl)
	if err != nil {
		return nil, err
	}
	found := map[string]kmsg.MetadataResponseTopic{}
	for _, t := range resp.Topics {
		if t.Topic != nil && t.ErrorCode == 0 {
			found[*t.Topic] = t
		}
	}
	return found, nil
}

func (a *admin) topics(ctx context.Context, s *state, only string) error {
	details, err := a.metadata(ctx, only)
	if err != nil {
		return fmt.Errorf("listing topics: %w", err)
	}
	var names []string
	for n := range details {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) > 0 {
		configs, err := a.adm.DescribeTopicConfigs(ctx, names...)
		if err != nil {
			return fmt.Errorf("describing topic configs: %w", err)
		}
		dynamic := map[string]map[string]string{}
		for _, rc := range configs {
			m := map[string]string{}
			for _, c := range rc.Configs {
				if c.Source == kmsg.ConfigSourceDynamicTopicConfig && c.Value != nil {
					m[c.Key] = *c.Value
				}
			}
			dynamic[rc.Name] = m
		}
		for _, n := range names {
			d := details[n]
			rf := 0
			for _, p := range d.Partitions {
				if p.Partition == 0 {
					rf = len(p.Replicas)
				}
			}
			s.Topics = append(s.Topics, Topic{Name: n, Partitions: len(d.Partitions), ReplicationFactor: rf, Configs: dynamic[n]})
		}
	}
	return nil
}

func (a *admin) users(ctx context.Context, s *state) error {
	scrams, err := a.adm.DescribeUserSCRAMs(ctx)
	if err != nil {
		return fmt.Errorf("describing SCRAM users: %w", err)
	}
	for name, u := range scrams {
		if name == a.superuser || u.Err != nil {
			continue
		}
		user := User{Name: name, Mechanisms: []string{}}
		for _, c := range u.CredInfos {
			user.Mechanisms = append(user.Mechanisms, c.Mechanism.String())
		}
		s.Users = append(s.Users, user)
	}
	sort.Slice(s.Users, func(i, j int) bool { return s.Users[i].Name < s.Users[j].Name })
	return nil
}

func (a *admin) acls(ctx context.Context, s *state) error {
	req := kmsg.NewPtrDescribeACLsRequest()
	req.ResourceType = kmsg.ACLResourceTypeAny
	req.ResourcePatternType = kmsg.ACLResourcePatternTypeAny
	req.Operation = kmsg.ACLOperationAny
	req.PermissionType = kmsg.ACLPermissionTypeAny
	resp, err := req.RequestWith(ctx, a.cl)
	if err != nil {
		return fmt.Errorf("describing ACLs: %w", err)
	}
	if err := kerr.ErrorForCode(resp.ErrorCode); err != nil {
		return fmt.Errorf("describing ACLs: %w", err)
	}
	for _, r := range resp.Resources {
		for _, x := range r.ACLs {
			s.ACLs = append(s.ACLs, ACL{
				ResourceType: r.ResourceType.String(), ResourceName: r.ResourceName,
				PatternType: r.ResourcePatternType.String(), Principal: x.Principal, Host: x.Host,
				Operation: x.Operation.String(), Permission: x.PermissionType.String(),
			})
		}
	}
	return nil
}

func (a *admin) quotas(ctx context.Context, s *state) error {
	quotas, err := a.adm.DescribeClientQuotas(ctx, false, nil)
	if err != nil {
		return fmt.Errorf("describing client quotas: %w", err)
	}
	for _, q := range quotas {
		if len(q.Entity) != 1 {
			continue // the data-plane API speaks of single-component entities only
		}
		values := map[string]float64{}
		for _, v := range q.Values {
			values[v.Key] = v.Value
		}
		s.Quotas = append(s.Quotas, Quota{EntityType: q.Entity[0].Type, EntityName: q.Entity[0].Name, Values: values})
	}
	return nil
}

// change is one data-plane write, as a set of Kafka admin requests.
type change struct {
	CreateTopics  []Topic                       `json:"create_topics"`
	DeleteTopics  []string                      `json:"delete_topics"`
	SetPartitions map[string]int                `json:"set_partitions"`
	SetConfigs    map[string]map[string]*string `json:"set_configs"` // nil value = delete
	UpsertUsers   []upsertUser                  `json:"upsert_users"`
	DeleteUsers   []deleteUser                  `json:"delete_users"`
	CreateACLs    []ACL                         `json:"create_acls"`
	DeleteACLs    []ACL                         `json:"delete_acls"`
	SetQuotas     []quotaChange                 `json:"set_quotas"`
}

type upsertUser struct {
	Name      string `json:"name"`
	Mechanism string `json:"mechanism"`
	Password  string `json:"password"`
}

type deleteUser struct {
	Name      string `json:"name"`
	Mechanism string `json:"mechanism"`
}

func (a *admin) apply(ctx context.Context, ch change) error {
	for _, t := range ch.CreateTopics {
		configs := map[string]*string{}
		for k, v := range t.Configs {
			configs[k] = kadm.StringPtr(v)
		}
		// The API's replication factor is the cluster's (3); the emulated broker keeps one replica.
		r, err := a.adm.CreateTopic(ctx, int32(t.Partitions), -1, configs, t.Name)
		if err = firstErr(err, r.Err); err != nil {
			return fmt.Errorf("creating topic %s: %w", t.Name, err)
		}
	}
	for _, n := range ch.DeleteTopics {
		r, err := a.adm.DeleteTopic(ctx, n)
		if err = firstErr(err, r.Err); err != nil {
			return fmt.Errorf("deleting topic %s: %w", n, err)
		}
	}
	for n, count := range ch.SetPartitions {
		rs, err := a.adm.UpdatePartitions(ctx, count, n)
		if err == nil {
			err = rs.Error()
		}
		if err != nil {
			return fmt.Errorf("setting partitions of %s to %d: %w", n, count, err)
		}
	}
	for n, set := range ch.SetConfigs {
		var alters []kadm.AlterConfig
		for k, v := range set {
			op := kadm.SetConfig
			if v == nil {
				op = kadm.DeleteConfig
			}
			alters = append(alters, kadm.AlterConfig{Op: op, Name: k, Value: v})
		}
		rs, err := a.adm.AlterTopicConfigs(ctx, alters, n)
		if err == nil {
			for _, r := range rs {
				err = errors.Join(err, r.Err)
			}
		}
		if err != nil {
			return fmt.Errorf("altering configs of %s: %w", n, err)
		}
	}
	if len(ch.UpsertUsers) > 0 || len(ch.DeleteUsers) > 0 {
		var del []kadm.DeleteSCRAM
		var up []kadm.UpsertSCRAM
		for _, u := range ch.DeleteUsers {
			m, err := mechanism(u.Mechanism)
			if err != nil {
				return err
			}
			del = append(del, kadm.DeleteSCRAM{User: u.Name, Mechanism: m})
		}
		for _, u := range ch.UpsertUsers {
			m, err := mechanism(u.Mechanism)
			if err != nil {
				return err
			}
			up = append(up, kadm.UpsertSCRAM{User: u.Name, Mechanism: m, Iterations: 4096, Password: u.Password})
		}
		rs, err := a.adm.AlterUserSCRAMs(ctx, del, up)
		if err == nil {
			for _, r := range rs {
				if r.Err != nil {
					err = fmt.Errorf("user %s: %w", r.User, r.Err)
				}
			}
		}
		if err != nil {
			return fmt.Errorf("altering SCRAM users: %w", err)
		}
	}
	if len(ch.CreateACLs) > 0 {
		req := kmsg.NewPtrCreateACLsRequest()
		for _, x := range ch.CreateACLs {
			c := kmsg.NewCreateACLsRequestCreation()
			if err := parseACL(x, &c.ResourceType, &c.ResourcePatternType, &c.Operation, &c.PermissionType); err != nil {
				return err
			}
			c.ResourceName, c.Principal, c.Host = x.ResourceName, x.Principal, x.Host
			req.Creations = append(req.Creations, c)
		}
		resp, err := req.RequestWith(ctx, a.cl)
		if err != nil {
			return fmt.Errorf("creating ACLs: %w", err)
		}
		for _, r := range resp.Results {
			if err := kerr.ErrorForCode(r.ErrorCode); err != nil {
				return fmt.Errorf("creating ACLs: %w (%s)", err, deref(r.ErrorMessage))
			}
		}
	}
	if len(ch.DeleteACLs) > 0 {
		req := kmsg.NewPtrDeleteACLsRequest()
		for _, x := range ch.DeleteACLs {
			f := kmsg.NewDeleteACLsRequestFilter()
			if err := parseACL(x, &f.ResourceType, &f.ResourcePatternType, &f.Operation, &f.PermissionType); err != nil {
				return err
			}
			f.ResourceName, f.Principal, f.Host = kmsg.StringPtr(x.ResourceName), kmsg.StringPtr(x.Principal), kmsg.StringPtr(x.Host)
			req.Filters = append(req.Filters, f)
		}
		resp, err := req.RequestWith(ctx, a.cl)
		if err != nil {
			return fmt.Errorf("deleting ACLs: %w", err)
		}
		for _, r := range resp.Results {
			if err := kerr.ErrorForCode(r.ErrorCode); err != nil {
				return fmt.Errorf("deleting ACLs: %w (%s)", err, deref(r.ErrorMessage))
			}
		}
	}
	if len(ch.SetQuotas) > 0 {
		var entries []kadm.AlterClientQuotaEntry
		for _, q := range ch.SetQuotas {
			e := kadm.AlterClientQuotaEntry{Entity: kadm.ClientQuotaEntity{{Type: q.EntityType, Name: q.EntityName}}}
			for k, v := range q.Set {
				if v == nil {
					e.Ops = append(e.Ops, kadm.AlterClientQuotaOp{Key: k, Remove: true})
				} else {
					e.Ops = append(e.Ops, kadm.AlterClientQuotaOp{Key: k, Value: *v})
				}
			}
			entries = append(entries, e)
		}
		rs, err := a.adm.AlterClientQuotas(ctx, entries)
		if err == nil {
			for _, r := range rs {
				if r.Err != nil {
					err = fmt.Errorf("%s: %w %s", r.Entity, r.Err, r.ErrMessage)
				}
			}
		}
		if err != nil {
			return fmt.Errorf("altering client quotas: %w", err)
		}
	}
	return nil
}

func parseACL(x ACL, rt *kmsg.ACLResourceType, pt *kmsg.ACLResourcePatternType, op *kmsg.ACLOperation, perm *kmsg.ACLPermissionType) error {
	var err error
	if *rt, err = kmsg.ParseACLResourceType(x.ResourceType); err != nil {
		return fmt.Errorf("resource type %q: %w", x.ResourceType, err)
	}
	if *pt, err = kmsg.ParseACLResourcePatternType(x.PatternType); err != nil {
		return fmt.Errorf("pattern type %q: %w", x.PatternType, err)
	}
	if *op, err = kmsg.ParseACLOperation(x.Operation); err != nil {
		return fmt.Errorf("operation %q: %w", x.Operation, err)
	}
	if *perm, err = kmsg.ParseACLPermissionType(x.Permission); err != nil {
		return fmt.Errorf("permission %q: %w", x.Permission, err)
	}
	return nil
}

func mechanism(name string) (kadm.ScramMechanism, error) {
	switch name {
	case "SCRAM-SHA-256":
		return kadm.ScramSha256, nil
	case "SCRAM-SHA-512":
		return kadm.ScramSha512, nil
	}
	return 0, fmt.Errorf("unknown SCRAM mechanism %q", name)
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
