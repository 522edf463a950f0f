package scenario

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/core/sim"
)

// The transcript tests: `run` plays the scenario of its input, `example`
// plays a file of examples/kubelet, `boundary change=NAME` plays its input
// on both sides of a release change (see boundary_test.go); arguments:
// until=DURATION, show=events,pods,status,loop,workers,cri,log (default
// events,pods), release=X (replaces the scenario's release), and
// containers (container states).
// Rewrite with: go test ./core/kubelet/scenario -rewrite
func TestTranscripts(t *testing.T) {
	datadriven.Walk(t, "testdata", func(t *testing.T, path string) {
		datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
			var data []byte
			switch d.Cmd {
			case "run":
				data = []byte(d.Input)
			case "example":
				var name string
				d.ScanArgs(t, "name", &name)
				b, err := os.ReadFile(filepath.Join("..", "..", "..", "examples", "kubelet", name+".yaml"))
				require.NoError(t, err)
				data = b
			case "parse":
				_, err := Parse([]byte(d.Input))
				if err != nil {
					return "error: " + err.Error() + "\n"
				}
				return "ok\n"
			case "boundary":
				return boundary(t, d)
			default:
				t.Fatalf("unknown command %q", d.Cmd)
			}
			for _, a := range d.CmdArgs {
				if a.Key == "release" {
					data = []byte(replaceRelease(string(data), a.Vals[0]))
				}
			}
			return play(t, d, data)
		})
	})
}

// play runs a scenario with the directive's show, containers and until
// arguments and returns its transcript.
func play(t *testing.T, d *datadriven.TestData, data []byte) string {
	sc, err := Parse(data)
	if err != nil {
		return "error: " + err.Error() + "\n"
	}
	o := TextOptions{Events: true, Pods: true}
	for _, a := range d.CmdArgs {
		switch a.Key {
		case "show":
			o = TextOptions{}
			for _, v := range a.Vals {
				switch v {
				case "events":
					o.Events = true
				case "pods":
					o.Pods = true
				case "status":
					o.Pods, o.Status = true, true
				case "loop":
					o.Loop = true
				case "workers":
					o.Workers = true
				case "cri":
					o.CRI = true
				case "log":
					o.Log = true
				default:
					t.Fatalf("unknown section %q", v)
				}
			}
		case "containers":
			o.Container = true
		case "until":
			d, err := ParseDuration(a.Vals[0])
			require.NoError(t, err)
			sc.Until = d
		}
	}
	s, err := sc.Build()
	if err != nil {
		return "error: " + err.Error() + "\n"
	}
	s.RunUntil(sim.Epoch.Add(sc.Until))
	return Text(s, o)
}

func replaceRelease(s, r string) string {
	var out []string
	found := false
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, "release:") {
			l = fmt.Sprintf("release: %q", r)
			found = true
		}
		out = append(out, l)
	}
	if !found {
		out = append([]string{fmt.Sprintf("release: %q", r)}, out...)
	}
	return strings.Join(out, "\n")
}

// Same scenario, same transcript: nothing depends on map order or time.
func TestDeterministic(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "examples", "kubelet", "sidecar.yaml"))
	require.NoError(t, err)
	var first string
	for i := 0; i < 5; i++ {
		sc, err := Parse(data)
		require.NoError(t, err)
		k, err := sc.Build()
		require.NoError(t, err)
		k.RunUntil(sim.Epoch.Add(sc.Until))
		got := Text(k, TextOptions{Events: true, Pods: true, Loop: true, Workers: true, CRI: true, Container: true})
		if i == 0 {
			first = got
			continue
		}
		require.Equal(t, first, got)
	}
}

func FuzzParse(f *testing.F) {
	for _, name := range []string{"crashloop", "sidecar", "graceful-delete", "admission-outofcpu"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "..", "examples", "kubelet", name+".yaml"))
		if err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("release: \"1.18\"\npods: [{metadata: {name: a}, spec: {containers: [{name: c, image: x}]}}]\ntimeline: [{at: 1s, fault: {runtimeReady: {ready: false}}}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := Parse(data)
		if err != nil {
			return
		}
		if sc.Until > 30*1e9 {
			sc.Until = 30 * 1e9
		}
		k, err := sc.Build()
		if err != nil {
			return
		}
		k.RunUntil(sim.Epoch.Add(sc.Until))
	})
}
