package main

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/kubexplorer/kubexplorer/internal/browsertest"
)

// The evaluation probe compares builds of the site on the gates engine's
// start and first evaluations (issue 15 item 5), interleaved so that a
// loaded machine hits every build alike. It runs only when
// KX_EVALPROBE names the site directories, comma-separated (for instance
// a build of main and one of a branch); KX_EVALPROBE_ROUNDS sets the
// rounds (default 5). Each round opens every build once, cold, on the
// kubefed tab, and times in the page: the gates engine's start (fetch,
// compile, Go's init and what the engine does before it says ready), then
// three gates.evaluate calls of the request of "first gates evaluation".
func init() {
	if os.Getenv("KX_EVALPROBE") != "" {
		probes = append(probes, probe{"gates evaluations", evalProbe})
	}
}

// evalProbeScript returns [start, first, second, third] in ms.
const evalProbeScript = `(async () => {
	const gates = kx.engine.engine("gates");
	if (gates.state !== "idle") throw new Error("the gates engine ran already: " + gates.state);
	let t0 = performance.now();
	await gates.start();
	const out = [performance.now() - t0];
	const release = (await kx.engine.call("releases", {})).default;
	const req = {release, commandLine: "kubelet --config=/var/lib/kubelet/config.yaml --feature-gates=MemoryQoS=true",
		config: {path: "/var/lib/kubelet/config.yaml", content: "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  SidecarContainers: true\n"}};
	for (let i = 0; i < 3; i++) {
		t0 = performance.now();
		await gates.call("gates.evaluate", req);
		out.push(performance.now() - t0);
	}
	return out;
})()`

func evalProbe(*config) ([]row, error) {
	dirs := strings.Split(os.Getenv("KX_EVALPROBE"), ",")
	rounds := 5
	if n, err := strconv.Atoi(os.Getenv("KX_EVALPROBE_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	envs := make([]*browsertest.Env, len(dirs))
	for i, d := range dirs {
		env, err := browsertest.Start(d)
		if err != nil {
			return nil, err
		}
		defer env.Close()
		envs[i] = env
	}
	times := make([][4][]float64, len(dirs))
	for range rounds {
		for i, env := range envs {
			ts, err := evalProbeOnce(env)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", dirs[i], err)
			}
			for k := range ts {
				times[i][k] = append(times[i][k], ts[k])
			}
		}
	}
	var rows []row
	for i, d := range dirs {
		med := func(k int) float64 {
			s := slices.Clone(times[i][k])
			slices.Sort(s)
			return s[len(s)/2]
		}
		rows = append(rows, row{"gates evaluations", d,
			fmt.Sprintf("start %.0f ms, evaluations %.0f, %.0f, %.0f ms", med(0), med(1), med(2), med(3)),
			fmt.Sprintf("medians of %d interleaved cold loads; start: gates engine fetch, compile, init, warm-up to ready", rounds)})
	}
	return rows, nil
}

func evalProbeOnce(env *browsertest.Env) ([]float64, error) {
	p, err := openWithoutGates(env)
	if err != nil {
		return nil, err
	}
	defer p.Close()
	ts, err := browsertest.Eval[[]float64](p, evalProbeScript)
	if err != nil {
		return nil, err
	}
	if len(ts) != 4 {
		return nil, fmt.Errorf("the probe returned %v", ts)
	}
	return ts, nil
}
