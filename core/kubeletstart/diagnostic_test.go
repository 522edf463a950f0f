package kubeletstart

import (
	"strings"
	"testing"
)

const kubeletHead = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n"

// Every diagnostic points at the key or value it is about: exact line,
// column and end, in the file or in the command line text.
func TestDiagnosticSpans(t *testing.T) {
	config := func(content string) *File { return &File{Path: "/etc/kubelet.yaml", Content: content} }
	dropin := func(content string) []File { return []File{{Path: "10-a.conf", Content: content}} }
	for _, tc := range []struct {
		name string
		in   Input
		// want is the diagnostic whose message contains msg.
		msg  string
		want Span
	}{{
		name: "unknown gate in the config's featureGates: its key",
		in:   Input{Release: "1.30", Config: config(kubeletHead + "featureGates:\n  NoSuchGate: true\n")},
		msg:  "unrecognized feature gate: NoSuchGate", want: Span{4, 3, 4, 13},
	}, {
		name: "a quoted gate key ends after its quote",
		in:   Input{Release: "1.37", Config: config(kubeletHead + "featureGates: {\"NoSuchGate\": true}\n")},
		msg:  "unrecognized feature gate: NoSuchGate", want: Span{3, 16, 3, 28},
	}, {
		name: "a gate value of the wrong type: the value",
		in:   Input{Release: "1.37", Config: config(kubeletHead + "featureGates:\n  NodeSwap: \"yes\"\n")},
		msg:  "cannot unmarshal string", want: Span{4, 13, 4, 18},
	}, {
		name: "a gate value of the wrong type, json-iterator era: the value",
		in:   Input{Release: "1.22", Config: config(kubeletHead + "featureGates:\n  BetaOn: 1\n")},
		msg:  "ReadBool", want: Span{4, 11, 4, 12},
	}, {
		name: "featureGates that is not a mapping: its value",
		in:   Input{Release: "1.37", Config: config(kubeletHead + "featureGates: NodeSwap=true\n")},
		msg:  "of type map[string]bool", want: Span{3, 15, 3, 28},
	}, {
		name: "a duplicate key: the repeated key",
		in:   Input{Release: "1.37", Config: config(kubeletHead + "featureGates:\n  AllAlpha: true\n  AllAlpha: false\n")},
		msg:  "duplicate key", want: Span{5, 3, 5, 11},
	}, {
		name: "a duplicate key whose value is a block: the key, not the value's line",
		in:   Input{Release: "1.37", Config: config(kubeletHead + "logging:\n  verbosity: 1\nlogging:\n  verbosity: 2\n")},
		msg:  "duplicate key", want: Span{5, 1, 5, 8},
	}, {
		name: "an unknown field: its key",
		in:   Input{Release: "1.37", Config: config(kubeletHead + "  # indented comment\nbogusField: 1\n")},
		msg:  `unknown field "bogusField"`, want: Span{4, 1, 4, 11},
	}, {
		name: "a YAML syntax error: where the reader stopped",
		in:   Input{Release: "1.37", Config: config(kubeletHead + "featureGates:\n  a: b\n c: d\n")},
		msg:  "failed to decode: yaml", want: Span{Line: 5, Column: 2},
	}, {
		name: "a wrong kind: the apiVersion key",
		in:   Input{Release: "1.37", Config: config("kind: KubeletConfiguration\napiVersion: kubelet.config.k8s.io/v1\n")},
		msg:  "no kind", want: Span{2, 1, 2, 11},
	}, {
		name: "a field check: the nested key it reads",
		in:   Input{Release: "1.33", Config: config(kubeletHead + "crashLoopBackOff:\n  maxContainerRestartPeriod: 10m\n")},
		msg:  "must not be set", want: Span{4, 3, 4, 28},
	}, {
		name: "a range check: the field's key",
		in:   Input{Release: "1.37", Config: config(kubeletHead + "maxPods: -3\n")},
		msg:  "maxPods (--max-pods) -3", want: Span{3, 1, 3, 8},
	}, {
		name: "a nested value of the wrong type: the nested key",
		in:   Input{Release: "1.37", Config: config(kubeletHead + "logging:\n  verbosity: high\n")},
		msg:  "LoggingConfiguration.logging.verbosity", want: Span{4, 3, 4, 12},
	}, {
		name: "a slice element's field: its key in the element",
		in:   Input{Release: "1.37", Config: config(kubeletHead + "registerWithTaints:\n- key: a\n- key: b\n  effect: 1\n")},
		msg:  "Taint.registerWithTaints.effect", want: Span{6, 3, 6, 9},
	}, {
		name: "a nested unknown field: its key",
		in:   Input{Release: "1.37", Config: config(kubeletHead + "authentication:\n  webhook:\n    enable: true\n")},
		msg:  `unknown field "authentication.webhook.enable"`, want: Span{5, 5, 5, 11},
	}, {
		name: "unknown gate in a drop-in: its key",
		in:   Input{Release: "1.37", DropIns: dropin(kubeletHead + "featureGates:\n  NoSuchGate: true\n")},
		msg:  "unrecognized feature gate: NoSuchGate", want: Span{4, 3, 4, 13},
	}, {
		name: "a drop-in with a repeated key (strict, fatal from 1.29): the repeated key",
		in:   Input{Release: "1.30", DropIns: dropin(kubeletHead + "maxPods: 1\nmaxPods: 2\n")},
		msg:  "strict decoding error", want: Span{4, 1, 4, 8},
	}, {
		name: "a drop-in without kind: the document's start",
		in:   Input{Release: "1.37", DropIns: dropin("maxPods: 1\n")},
		msg:  "Object 'Kind' is missing", want: Span{Line: 1, Column: 1},
	}, {
		name: "a drop-in of the wrong apiVersion: its key",
		in:   Input{Release: "1.37", DropIns: dropin("kind: KubeletConfiguration\n  \napiVersion: v1\n")},
		msg:  "unknown apiVersion/kind", want: Span{3, 1, 3, 11},
	}, {
		name: "a 1.28 drop-in with a bad gate value: the value",
		in: Input{Release: "1.28", Env: map[string]string{"KUBELET_CONFIG_DROPIN_DIR_ALPHA": ""},
			DropIns: dropin(kubeletHead + "featureGates:\n  NodeSwap: maybe\n")},
		msg: "cannot unmarshal string", want: Span{4, 13, 4, 18},
	}, {
		name: "unknown gate on the command line: its key, through quotes and a continuation",
		in:   Input{Release: "1.37", CommandLine: "/usr/bin/kubelet \\\n  --feature-gates 'AllAlpha=false,'\"NodeSwap=true, NoSuchGate=true\""},
		msg:  "unrecognized feature gate: NoSuchGate", want: Span{2, 52, 2, 62},
	}, {
		name: "the last --feature-gates naming the gate",
		in:   Input{Release: "1.37", CommandLine: "--feature-gates=NoSuchGate=true --feature_gates=NoSuchGate=false"},
		msg:  "unrecognized feature gate: NoSuchGate", want: Span{1, 49, 1, 59},
	}, {
		name: "a gate from an expanded variable: the variable",
		in:   Input{Release: "1.37", CommandLine: "--feature-gates=$GATES", Env: map[string]string{"GATES": "NoSuchGate=true"}},
		msg:  "unrecognized feature gate: NoSuchGate", want: Span{1, 17, 1, 18},
	}, {
		name: "a flag value a field check refuses: the value",
		in:   Input{Release: "1.37", CommandLine: "kubelet --v=2 --max-pods -1"},
		msg:  "maxPods (--max-pods) -1", want: Span{1, 26, 1, 28},
	}, {
		name: "a parse error: the argument the parse stopped at",
		in:   Input{Release: "1.37", CommandLine: "--v=2\n--max-pods lots --no-such-flag"},
		msg:  `invalid argument "lots"`, want: Span{2, 12, 2, 16},
	}, {
		name: "an unknown flag: its argument",
		in:   Input{Release: "1.37", CommandLine: "--v=2 --node-labels --x=1 --no-such-flag=1"},
		msg:  "unknown flag: --no-such-flag", want: Span{1, 27, 1, 43},
	}, {
		name: "a flag lacking its value: the last argument",
		in:   Input{Release: "1.37", CommandLine: "--v=2 --max-pods"},
		msg:  "flag needs an argument", want: Span{1, 7, 1, 17},
	}, {
		name: "an unexpected argument: the first positional one",
		in:   Input{Release: "1.37", CommandLine: "--node-labels a=b extra more"},
		msg:  "unexpected argument extra", want: Span{1, 19, 1, 24},
	}, {
		name: "an argument list has no text to point into",
		in:   Input{Release: "1.37", Args: []string{"--feature-gates=NoSuchGate=true"}},
		msg:  "unrecognized feature gate: NoSuchGate", want: Span{},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Evaluate(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			var found []string
			for _, d := range res.Diagnostics {
				found = append(found, d.Message)
				if !strings.Contains(d.Message, tc.msg) {
					continue
				}
				got := Span{d.Line, d.Column, d.EndLine, d.EndColumn}
				if got != tc.want {
					t.Errorf("%s at %v, want %v", d.Message, got, tc.want)
				}
				return
			}
			t.Errorf("no diagnostic containing %q in %q", tc.msg, found)
		})
	}
}
