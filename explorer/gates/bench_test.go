package gates_test

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/kubexplorer/kubexplorer/core/featuregate/catalog"
	"github.com/kubexplorer/kubexplorer/core/fleet/fleettest"
	"github.com/kubexplorer/kubexplorer/explorer"
	"github.com/kubexplorer/kubexplorer/explorer/gates"
	"github.com/kubexplorer/kubexplorer/internal/cputime"
)

// fleetRequest is a gates.check request over 1,000 synthetic nodes
// (fleettest.Fleet), as the JSON the page or the CLI sends.
func fleetRequest(b *testing.B, ownConfig bool) []byte {
	b.Helper()
	tmpl, err := fleettest.ReadDir("../../" + fleettest.Template)
	if err != nil {
		b.Skipf("the template node dump is not readable here: %v", err)
	}
	req := gates.CheckRequest{To: "1.33"}
	for _, n := range fleettest.Fleet(tmpl, 1000, ownConfig) {
		d := gates.NodeDump{Node: n.Name}
		for _, f := range n.Files {
			d.Files = append(d.Files, gates.File(f))
		}
		req.Nodes = append(req.Nodes, d)
	}
	body, err := json.Marshal(req)
	if err != nil {
		b.Fatal(err)
	}
	return body
}

func benchCheck(b *testing.B, ownConfig bool) {
	body := fleetRequest(b, ownConfig)
	e := explorer.New()
	var reply explorer.Reply
	if err := json.Unmarshal(e.Call("gates.check", body), &reply); err != nil || !reply.OK {
		b.Fatalf("gates.check: %v %+v", err, reply.Error)
	}
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	cputime.Report(b, func() { e.Call("gates.check", body) })
	// After the loop: b.Loop's reset drops metrics reported before it.
	b.ReportMetric(float64(len(reply.Result)), "reply-bytes")
}

// BenchmarkCheck1000 is gates.check of 1,000 distinct node dumps of a
// realistic fleet (6 configurations), through the explorer's JSON: decode
// the request, import every dump, evaluate each configuration on its
// release and 1.33, encode the reply. Goal: under a second natively.
func BenchmarkCheck1000(b *testing.B) { benchCheck(b, false) }

// BenchmarkCheck1000Configs is the worst case: every node has its own
// configuration (its own maxPods), so every node costs two evaluations.
func BenchmarkCheck1000Configs(b *testing.B) { benchCheck(b, true) }

// pageRequest is the gates.evaluate request kxbench's "first gates
// evaluation" row sends (cmd/kxbench/firstresult.go): the newest release, a
// config file and one --feature-gates gate, as the page's JSON.
func pageRequest(b *testing.B) []byte {
	b.Helper()
	body, err := json.Marshal(gates.EvaluateRequest{
		Release:     catalog.Latest(),
		CommandLine: "kubelet --config=/var/lib/kubelet/config.yaml --feature-gates=MemoryQoS=true",
		Config: &gates.File{Path: "/var/lib/kubelet/config.yaml",
			Content: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  SidecarContainers: true\n"},
	})
	if err != nil {
		b.Fatal(err)
	}
	return body
}

// BenchmarkEvaluatePage is the page's steady gates.evaluate through the
// explorer's JSON (decode the request, evaluate, encode the reply): what a
// second evaluation of the same inputs costs in the engine. Goal: the whole
// round trip in wasm under 30 ms (issue 15 item 5).
func BenchmarkEvaluatePage(b *testing.B) {
	body := pageRequest(b)
	e := explorer.New()
	out := e.Call("gates.evaluate", body)
	var reply explorer.Reply
	if err := json.Unmarshal(out, &reply); err != nil || !reply.OK {
		b.Fatalf("gates.evaluate: %v %+v", err, reply.Error)
	}
	b.ReportAllocs()
	cputime.Report(b, func() { e.Call("gates.evaluate", body) })
	b.ReportMetric(float64(len(out)), "reply-bytes")
}

// BenchmarkEvaluatePageNewInputs is the page's gates.evaluate of inputs the
// engine has not seen: each call sets one more gate than the page's request
// (40 in turn, more than the engine keeps tables of), so every call parses
// its config file, builds and encodes its gates table. It is what the
// page's first evaluation costs in the engine, and every one after an
// edit of the gates.
func BenchmarkEvaluatePageNewInputs(b *testing.B) {
	e := explorer.New()
	first, err := gates.Evaluate(gates.EvaluateRequest{Release: catalog.Latest()})
	if err != nil {
		b.Fatal(err)
	}
	var bodies [][]byte
	for _, g := range first.Result.Gates {
		if len(bodies) == 40 {
			break
		}
		if g.Locked {
			continue
		}
		body, err := json.Marshal(gates.EvaluateRequest{
			Release:     catalog.Latest(),
			CommandLine: "kubelet --config=/var/lib/kubelet/config.yaml --feature-gates=MemoryQoS=true," + g.Name + "=" + strconv.FormatBool(!g.Default),
			Config: &gates.File{Path: "/var/lib/kubelet/config.yaml",
				Content: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nmaxPods: " + strconv.Itoa(len(bodies)+10) + "\nfeatureGates:\n  SidecarContainers: true\n"},
		})
		if err != nil {
			b.Fatal(err)
		}
		bodies = append(bodies, body)
	}
	b.ReportAllocs()
	i := 0
	cputime.Report(b, func() {
		e.Call("gates.evaluate", bodies[i%len(bodies)])
		i++
	})
}
