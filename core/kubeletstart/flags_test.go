package kubeletstart

import (
	"bytes"
	"fmt"
	"testing"
)

// The flag set registers only the flags args can name; parsing must give
// exactly what the full set gives.
func TestFlagSubsetMatchesFullSet(t *testing.T) {
	var all []string
	for _, d := range kubeletFlags {
		all = append(all, "--"+d.name)
		if d.shorthand != "" {
			all = append(all, "-"+d.shorthand)
		}
	}
	corpus := [][]string{
		nil,
		{"--v=2", "--feature-gates=A=true"},
		{"-v", "4", "--config=/c", "--feature_gates=B=false"},
		{"--kubeconfig", "/k", "--node-ip=1.2.3.4", "--container-runtime=docker", "--network-plugin=cni"},
		{"--logtostderr", "--alsologtostderr=false", "--log-dir=/x"},
		{"-config=/c"},
		{"--nosuch-flag"},
		{"-x"},
		{"--help"},
		{"-h"},
		{"--version=raw"},
		{"pos", "--config-dir", "/d", "--", "--not-a-flag"},
		{"--dynamic-config-dir=/d", "--feature-gates", "DynamicKubeletConfig=true"},
		{"--register-node=maybe"},
		{"--max-pods", "ten"},
	}
	for minor := 18; minor <= 37; minor++ {
		e, err := eraFor(minor)
		if err != nil {
			t.Fatal(err)
		}
		for _, args := range corpus {
			parse := func(registerFrom []string) string {
				v := &flagValues{}
				var out bytes.Buffer
				fs := newFlagSet(e, v, &out, registerFrom)
				err := fs.Parse(args)
				return fmt.Sprintf("err=%v gates=%v config=%q dir=%q dyn=%q/%v help=%v version=%v rest=%q out=%q norm=%v",
					err, v.gates, v.config, v.configDir, v.dynamicDir, v.dynamicDirSet, v.help, v.version, fs.Args(), out.String(), v.normalizedUsed)
			}
			if full, sub := parse(all), parse(args); full != sub {
				t.Errorf("1.%d %q:\nfull set: %s\nsubset:   %s", minor, args, full, sub)
			}
		}
	}
}
