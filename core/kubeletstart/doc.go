// Package kubeletstart models the part of a kubelet's start-up that decides
// its feature gates and its configuration, for every release from 1.18 to
// the newest the catalogs know.
//
// # What a start-up is
//
// A start-up is one run of the kubelet binary from its command line to the
// point where it would start its services: it parses flags, reads the
// --config file and the --config-dir drop-ins, lets the flags win over the
// files, sets the global feature gate from the merged configuration and
// validates it. Any of these steps can stop the process; the model says
// which (Result.Stage), with the exit code and the exact lines the release
// prints on stderr, and what every gate ends up as and where its value came
// from (Result.Gates). It does not follow the kubelet further: a start-up
// that passes every step "would start".
//
// Evaluate takes an Input (the command line, the files of a virtual file
// system, the environment) and returns a Result. It is deterministic: Go's
// random map order, which makes the real kubelet report one of several
// errors, is replaced by sorted order, and the other possible errors are
// listed in Result.Alternatives.
//
// # The steps, in upstream order
//
// Each step is a method of run (startup.go) that reports false when the
// kubelet stops there; the stage names are Result.Stage's.
//
//  1. Flags parse (parseCommandLine; stages parse, command, help,
//     version). A fresh pflag set over the release's flags (flags.go):
//     unknown flags, bad values, stray arguments. Deprecation notices are
//     printed per occurrence.
//  2. Flag gates (applyFlagGates; flagGates, flagValidate). The
//     --feature-gates map is set on the global gate (core/featuregate with
//     the release's library version); 1.18–1.23 then check that
//     --dynamic-config-dir has its gate.
//  3. Config file (readConfigFiles → loadConfig; loadConfig, defaulting).
//     Strict decoding, falling back to lenient decoding for unknown fields
//     and repeated keys (decode.go, jsoniter.go for ≤1.22); from 1.32
//     defaulting merges the file's gates into a copy of the gate and panics
//     on a bad one.
//  4. Drop-ins (mergeDropins, dropins.go; configDirEnv, mergeConfig). The
//     .conf files of --config-dir in directory-walk order: 1.28 merges typed
//     configs with mergo, 1.29–1.31 apply JSON merge patches onto the
//     internal configuration, 1.32+ onto the v1beta1 document and check each
//     drop-in's kind.
//  5. Flag precedence (flagPrecedence; mergedGates). The command line is
//     parsed again over the files' configuration, so a flag wins per key;
//     the merged gates are set on the global gate.
//  6. Validation (validateConfig; validate, dynamicLocked). A copy of the
//     gate takes the merged gates (1.35+ also Validate()s it, for
//     dependencies), then the field checks (validation.go, configfields.go,
//     gatedfields.go); 1.24–1.25 refuse DynamicKubeletConfig.
//  7. Dynamic config (dynamicConfig; dynamicGates, 1.18–1.23 only), and
//     run()'s last SetFromMap (run).
//
// # Releases
//
// Everything that changed between releases is data in one place, the era
// (era.go): how a fatal error is printed (klog.Fatal, ErrorS, cobra, cli.Run),
// the decoder and its error texts (json-iterator ≤1.22), when --v takes
// effect (verbosity.go), which flags exist, the drop-in merge of each
// release, defaulting and validation changes. Steps read the era; they do
// not compare release numbers themselves.
//
// # Where the rest is
//
//   - Diagnostics (Result.Diagnostics) anchor each problem at the key or
//     value it is about, with line, column and end: in files through the
//     positions the YAML reader kept (position.go), on the command line
//     through the splitter's offsets and pflag's parse (input.go,
//     cmdpos.go). Gate errors are read back out of the error text
//     (gateerrors.go) and marked where the gate was set (fail.go).
//   - The printed lines: klog headers and structured lines (logline.go),
//     failures per release (fail.go).
//   - The effective gates table (gates.go), "why is this gate on" (explain.go),
//     an upgrade between two releases (diff.go), and classes of equivalent
//     inputs for fleets (key.go).
package kubeletstart
