package yamldoc

import (
	"math/rand"
	"os"
	"sort"
	"strings"
	"testing"

	sigsyaml "sigs.k8s.io/yaml"
)

// Mistakes people make in configuration files, with the error yaml.v2
// (the kubelet's and kubectl's reader) prints for each.
var syntaxCases = []string{
	"a: 1\nfoo\nb: 2\n",
	"a: 1\nfoo\n\n\nb: 2\n",
	"a: 1\nfoo\n# c\nb: 2\n",
	"a: 1\nfoo # c\nb: 2\n",
	"a: 1\nfoo\n bar\nb: 2\n",
	"a: 1\nfoo",
	"a: 1\nfoo\n",
	"x:\n  a: 1\n  foo\n  b: 2\n",
	"- a: 1\n  foo\n",
	"a: 1\n\"foo\"\nb: 2\n",
	"a:\n  b: 1\n c: 2\n",
	"a:\n  - b\n  c: 2\n",
	"x: 1\na:\n  - b\n  c: 2\n",
	"x: 1\na: \"abc\nb: 2\n",
	"x: 1\na: 'abc\nb: 2\n",
	"x: 1\na:\n  b: 1\n c: 2\n",
	"x: 1\na:\n\tb: 1\n",
	"apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  A: true\n   B: false\n",
	"apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  A: true\n B: false\n",
	"apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  A true\n  B: false\n",
	"apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  A: true\n  B: false\nevictionHard:\n  memory.available: \"100Mi\n",
	"a: b: c\n",
	"a:\n  - x\n - y\n",
	"a: |\n  text\n\tmore\n",
	"steps: [\n",
	"steps: [",
	"a: {b: 1",
	"a: [1,\n  2\n",
	"a: [1, 2\nb: 3\n",
	// A quoted scalar where a key should be, running over lines: yaml.v2
	// prints the line it starts on.
	"shutdownGracePeriodByPodPriority: [] \"unclosed\n- \" quay.io/*\"\n",
	"a: 1\nb: [] \"unclosed\n- \" quay.io/*\"\n",
	"a: 1\nfeatureGates: \"unclosed\n  key: \"\"\n  memory: \"0.000\"\n",
	"featureGates: \"unclosed\n  key: \"\"\nmemory: \"0.000\"\n",
	// An empty flow collection as a key: yaml.v2 stops there, before what
	// follows it on the line or below can fail (emptykey.go).
	"a:\n  b: 1\n  {}: :\n",
	"apiVersion: v1\nlogging:\n  format: text\n  {}: :\n",
	"a: 1\n{  }   : :\n",
	"a: 1\n[ ]: :\n",
	"a: 1\n{}: -\n",
	"a: 1\n{}: \"unclosed\n",
	"a: 1\n{}: [\n",
	"a: 1\n{}: x\n  : :\n",
	"a: 1\n{}: x\nb: : :\n",
	"- {}: :\n",
	"- {}: x\n",
	"-\n  {}: x\n",
	"a:\n  - - {}: :\n",
	"x:\n- {}: x\n  b: 1\n",
	"x:\n  y:\n  - {}: :\n",
	"- a: 1\n  {}: x\n",
	"a: [{}: x]\n",
	"a: [\n  {}: x]\n",
	"a: {b: 1, {}: x}\n",
	"a: 1\nb: 2: 3\n{}: :\n",
	// A quoted scalar spanning lines is settled once scanned (quoted.go):
	// yaml.v2 fails at it before the broken token after it.
	"a: [] \"unclosed\n- key: \"\"\n",
	"a: 1\nb: [] 'x\ny'\n  c: \"\n",
	"- a\n- [] \"x\ny\" \"\n",
	"- a\n\"x\ny\" \"\n",
	"a: 1\n\"a\nb\"\nc: : d\n",
	"apiVersion: v1\nshutdownGracePeriodByPodPriority: [] \"unclosed\nregisterWithTaints:\n- key: \"\"\n  effect: PreferNoSchedule\n",
}

func TestSyntaxErrorsMatchYAMLv2(t *testing.T) {
	for _, in := range syntaxCases {
		_, want := sigsyaml.YAMLToJSON([]byte(in))
		_, got := Parse([]byte(in))
		if (want == nil) != (got == nil) || want != nil && got.Error() != want.Error() {
			t.Errorf("%q:\n got %v\nwant %v", in, got, want)
		}
	}
}

// TestSyntaxErrorAgreement measures, over random edits of realistic
// documents, how often the syntax error matches yaml.v2's byte for byte
// (KX_SYNTAX_SAMPLES=N to run; it reports, it does not judge).
func TestSyntaxErrorAgreement(t *testing.T) {
	n := 0
	if v := os.Getenv("KX_SYNTAX_SAMPLES"); v != "" {
		for _, c := range v {
			n = n*10 + int(c-'0')
		}
	}
	if n == 0 {
		t.Skip("set KX_SYNTAX_SAMPLES")
	}
	seeds := []string{
		"apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\nfeatureGates:\n  BetaOn: false\n  AllowAlpha: true\n# comment\nevictionHard:\n  memory.available: \"100Mi\"\ntlsCipherSuites:\n- TLS_A\n- \"TLS_B\"\nstaticPodPath: /etc/kubernetes/manifests\n",
		"apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n  labels: {app: web, tier: \"front\"}\nspec:\n  containers:\n    - name: c\n      image: nginx:1.25\n      command: [\"sh\", \"-c\", 'echo hi']\n      args:\n        - |\n          multi\n          line\n      resources:\n        limits: {cpu: 500m}\n",
	}
	edits := []string{":", " ", "\t", "-", "\"", "'", "\n", "{", "}", "[", "]", ",", "#", "  ", "x"}
	r := rand.New(rand.NewSource(1))
	classes := map[string]int{}
	examples := map[string]string{}
	same, total := 0, 0
	for i := 0; i < n; i++ {
		s := seeds[r.Intn(len(seeds))]
		p := r.Intn(len(s))
		switch r.Intn(3) {
		case 0:
			s = s[:p] + edits[r.Intn(len(edits))] + s[p:]
		case 1:
			s = s[:p] + s[p+1:]
		default:
			s = s[:p] + edits[r.Intn(len(edits))] + s[p+1:]
		}
		_, want := sigsyaml.YAMLToJSON([]byte(s))
		_, got := Parse([]byte(s))
		if want == nil || !isSyntaxError(want.Error()) {
			continue
		}
		total++
		if got != nil && got.Error() == want.Error() {
			same++
			continue
		}
		w, _ := splitSyntax(want.Error())
		g := "<nil>"
		if got != nil {
			g, _ = splitSyntax(got.Error())
		}
		classes[w+" / "+g]++
		if _, ok := examples[w+" / "+g]; !ok || len(s) < len(examples[w+" / "+g]) {
			examples[w+" / "+g] = s + "\n    want " + want.Error() + "\n    got  " + got.Error()
		}
	}
	t.Logf("syntax errors: %d of %d (%.1f%%) identical to yaml.v2", same, total, 100*float64(same)/float64(max(total, 1)))
	var keys []string
	for k := range classes {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return classes[keys[i]] > classes[keys[j]] })
	for _, k := range keys[:min(len(keys), 12)] {
		t.Logf("%5d %s", classes[k], strings.ReplaceAll(k, "\n", `\n`))
		if os.Getenv("KX_SYNTAX_EXAMPLES") != "" {
			t.Logf("    %q", examples[k])
		}
	}
}
