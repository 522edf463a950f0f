package kubeletstart

import "testing"

// FuzzEvaluate is the whole gates request at the core: a release, a
// command line, a config file, a drop-in, an environment variable and a
// dynamic-config checkpoint. Errors and failed start-ups are fine; a
// panic, or a failure without a stage, is not.
func FuzzEvaluate(f *testing.F) {
	cfg := "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  AllowAlpha: true\n"
	for _, c := range []struct{ rel, cmd, cfg, dropin, env, dyn string }{
		{"1.37", "--config=/var/lib/kubelet/config.yaml --feature-gates=BetaOn=false", cfg, "", "", ""},
		{"1.28", "--config-dir=/etc/kubernetes/kubelet.conf.d", cfg, "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates: {AlphaTwo: true}\n", "1", ""},
		{"1.20", "--dynamic-config-dir=/var/lib/kubelet/dynamic-config", cfg, "", "", cfg},
		{"1.31", "--feature-gates=AllAlpha=true", "featureGates: [\n", "- a", "", ""},
		{"1.18", `--x="y`, "", "a: &a [*a]", "", "~"},
		{"1.30", "--config-dir=/etc/kubernetes/kubelet.conf.d", cfg + "registerWithTaints: [{key: a, value: b}]\nlogging: {format: json, vmodule: [{filePattern: x}]}\n",
			"registerWithTaints: [null, {effect: 1}]\nLOGGING: {verbosity: 3}\nmemorySwap: null\nMaxPods: 5\n", "", ""},
		{"1.28", "--config-dir=/etc/kubernetes/kubelet.conf.d", cfg + "logging: {format: json, flushFrequency: -1s}\ntracing: {endpoint: a}\n",
			"logging: {options: {json: {infoBufferSize: 1Mi}}}\ntracing: {}\nregisterWithTaints: []\n", "1", ""},
		{"1.37", "--feature-gates=KubeletEnsureSecretPulledImages=false", cfg + "logging: {verbosity: 4294967295, flushFrequency: -5}\n", "imagePullCredentialsVerificationPolicy: null\n", "", ""},
		{"9.99", "", "", "", "", ""},
	} {
		f.Add(c.rel, c.cmd, c.cfg, c.dropin, c.env, c.dyn)
	}
	m := fixtureModel(f)
	f.Fuzz(func(t *testing.T, rel, cmd, config, dropin, env, dyn string) {
		in := Input{Release: rel, CommandLine: cmd, Env: map[string]string{"KUBELET_CONFIG_DROPIN_DIR_ALPHA": env}}
		if config != "" {
			in.Config = &File{Path: defaultConfigPath, Content: config}
		}
		if dropin != "" {
			in.ConfigDir = defaultConfigDir
			in.DropIns = []File{{Path: "10-a.conf", Content: dropin}}
		}
		if dyn != "" {
			in.DynamicCheckpoint = &File{Path: "/var/lib/kubelet/dynamic-config/store/checkpoints/x/kubelet", Content: dyn}
		}
		res, err := m.Evaluate(in)
		if err != nil {
			return
		}
		if !res.WouldStart && res.Stage == "" {
			t.Fatalf("%+v: failed without a stage", in)
		}
	})
}
