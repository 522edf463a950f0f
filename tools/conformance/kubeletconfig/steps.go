package kubeletconfig

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Steps are the release-specific calls of the kubelet's config-file path;
// a release module fills them with its k8s.io/kubernetes and Steps does the
// rest (cmd/kubelet/app/server.go, the RunE of NewKubeletCommand, for
// `kubelet --config=FILE` and no other flag):
//
//  1. the global gate takes the flag gates (none);
//  2. loadConfigFile: the loader reads and decodes the file, strictly then
//     leniently, and defaults it — from 1.32 defaulting merges the file's
//     gates into a copy of the global gate and panics on error;
//  3. the flag-precedence re-parse (a no-op without other flags);
//  4. the global gate takes the file's gates;
//  5. ValidateKubeletConfiguration;
//  6. in 1.24–1.25, the DynamicKubeletConfig check ("dynamicLocked").
type Steps struct {
	// Version is the minor release, "1.37".
	Version string
	// ResetGate gives the process a fresh global gate, as a starting
	// kubelet has.
	ResetGate func()
	// Enabled reads the global gate; it panics on an unknown name.
	Enabled func(name string) bool
	// Load is the loader of pkg/kubelet/kubeletconfig/configfiles on file.
	Load func(file string) (*Loaded, error)
	// SetGates is SetFromMap on the global gate.
	SetGates func(map[string]bool) error
	// TakeLog returns and clears what klog printed.
	TakeLog func() string
	// AfterValidate, when set, is the check RunE makes after the
	// validation (1.24–1.25 refuse DynamicKubeletConfig there).
	AfterValidate func() error
	// Dir is where the document is written.
	Dir string
	// LoadDir, when set, is `kubelet --config=file --config-dir=dir` up to
	// the merged configuration: the loader, then the drop-ins' merge of
	// cmd/kubelet/app/server.go; stage is where it stopped ("loadConfig",
	// "mergeConfig").
	LoadDir func(file, dir string) (kc *Loaded, stage string, err error)
}

// DropinRelease returns the release with drop-in directories, if the
// steps can load them.
func (s *Steps) DropinRelease() (DropinRelease, bool) {
	return release{s}, s.LoadDir != nil
}

func (r release) LoadDropins(path string, data []byte, files []DropinFile, gates []string) (o Outcome) {
	s := r.s
	s.ResetGate()
	file := filepath.Join(s.Dir, "config.yaml")
	if err := os.WriteFile(file, data, 0o600); err != nil {
		panic(err)
	}
	dir := writeDropins(s.Dir, files)
	s.TakeLog()
	defer func() {
		for _, e := range KlogEntries(s.TakeLog()) {
			if strings.Contains(e, "lenient decoding") {
				o.Lenient = strings.ReplaceAll(e, file, path)
			}
		}
		o.Error = strings.ReplaceAll(strings.ReplaceAll(o.Error, dir, DropinDir), file, path)
		o.Gates = map[string]bool{}
		for _, g := range gates {
			o.Gates[g] = s.Enabled(g)
		}
	}()
	var kc *Loaded
	var stage string
	var err error
	func() {
		defer func() {
			if p := recover(); p != nil {
				stage, err = "defaulting", fmt.Errorf("%s", strings.TrimPrefix(fmt.Sprint(p), panicPrefix))
			}
		}()
		kc, stage, err = s.LoadDir(file, dir)
	}()
	if err != nil {
		o.Stage, o.Error = stage, err.Error()
		if stage == "loadConfig" {
			o.Error = fmt.Sprintf("failed to load Kubelet config file %s, error %v", path, err)
		}
		return o
	}
	if stage, err := gatesThenValidate(s, kc); err != nil {
		o.Stage, o.Error = stage, err.Error()
	}
	return o
}

// gatesThenValidate is the kubelet's next two steps after a configuration
// loaded: its gates set on the global gate, then its validation; the stage
// and error of the first that fails.
func gatesThenValidate(s *Steps, kc *Loaded) (stage string, err error) {
	if err := s.SetGates(kc.Gates); err != nil {
		return "mergedGates", err
	}
	if kc.InitLogging != nil {
		if err := kc.InitLogging(); err != nil {
			return "initLogging", fmt.Errorf("initialize logging: %v", err)
		}
	}
	if err := kc.Validate(); err != nil {
		return "validate", err
	}
	return "", nil
}

// Loaded is a loaded configuration: its gates and its validation.
type Loaded struct {
	Gates map[string]bool
	// InitLogging, when set, is the logging validation RunE makes when it
	// initialises logging (logsapi.ValidateAndApplyAsField, 1.25+), before
	// ValidateKubeletConfiguration.
	InitLogging func() error
	Validate    func() error
}

// release adapts Steps to Release.
type release struct{ s *Steps }

// Release returns the Release the steps describe.
func (s *Steps) Release() Release { return release{s} }

func (r release) Version() string { return r.s.Version }

func (r release) Known(name string) (ok bool) {
	r.s.ResetGate()
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	r.s.Enabled(name)
	return true
}

// panicPrefix starts the message SetDefaults_KubeletConfiguration panics
// with (1.32+).
const panicPrefix = "failed to merge global and in-flight KubeletConfiguration while setting defaults, error: "

func (r release) Load(path string, data []byte, gates []string) (o Outcome) {
	s := r.s
	s.ResetGate()
	file := filepath.Join(s.Dir, "config.yaml")
	if err := os.WriteFile(file, data, 0o600); err != nil {
		panic(err)
	}
	s.TakeLog()
	defer func() {
		for _, e := range KlogEntries(s.TakeLog()) {
			if strings.Contains(e, "lenient decoding") {
				o.Lenient = strings.ReplaceAll(e, file, path)
			}
		}
		o.Error = strings.ReplaceAll(o.Error, file, path)
		o.Gates = map[string]bool{}
		for _, g := range gates {
			o.Gates[g] = s.Enabled(g)
		}
	}()
	kc, panicked, err := load(s, file)
	switch {
	case panicked != "":
		o.Stage, o.Error = "defaulting", strings.TrimPrefix(panicked, panicPrefix)
		return o
	case err != nil:
		// loadConfigFile's wrapping, with the name as --config gave it.
		o.Stage, o.Error = "loadConfig", fmt.Sprintf("failed to load Kubelet config file %s, error %v", path, err)
		return o
	}
	if stage, err := gatesThenValidate(s, kc); err != nil {
		o.Stage, o.Error = stage, err.Error()
		return o
	}
	if s.AfterValidate != nil {
		if err := s.AfterValidate(); err != nil {
			o.Stage, o.Error = "dynamicLocked", err.Error()
		}
	}
	return o
}

func load(s *Steps, file string) (kc *Loaded, panicked string, err error) {
	defer func() {
		if p := recover(); p != nil {
			panicked = fmt.Sprint(p)
		}
	}()
	kc, err = s.Load(file)
	return kc, "", err
}

// CaptureLog sends klog's output to a buffer and returns the TakeLog of
// Steps. klog is passed as its functions, so that each release module
// hands in the klog major version its code logs with (v1 for 1.18).
func CaptureLog(initFlags func(*flag.FlagSet), setOutput func(io.Writer), flush func()) (func() string, error) {
	fs := flag.NewFlagSet("klog", flag.ContinueOnError)
	initFlags(fs)
	for k, v := range map[string]string{"logtostderr": "false", "alsologtostderr": "false", "stderrthreshold": "FATAL"} {
		if err := fs.Set(k, v); err != nil {
			return nil, err
		}
	}
	var buf bytes.Buffer
	setOutput(&buf)
	return func() string {
		flush()
		s := buf.String()
		buf.Reset()
		return s
	}, nil
}

// WithKlogDefaults runs f with klog's output flags at their defaults: from
// 1.23 to 1.24 the logging validation refuses a non-default format when
// klog's flags differ from the defaults they had at start-up, which
// CaptureLog's settings would trigger where a kubelet started with
// --config alone would not.
func WithKlogDefaults(initFlags func(*flag.FlagSet), f func() error) error {
	set := func(vals map[string]string) {
		fs := flag.NewFlagSet("klog", flag.ContinueOnError)
		initFlags(fs)
		for k, v := range vals {
			if err := fs.Set(k, v); err != nil {
				panic(err)
			}
		}
	}
	// What the validation logs meanwhile (gate warnings of its copy of
	// the gate) goes to standard error, which is not compared.
	stderr := os.Stderr
	if null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0); err == nil {
		os.Stderr = null
		defer null.Close()
	}
	set(map[string]string{"logtostderr": "true", "stderrthreshold": "ERROR"})
	defer func() {
		set(map[string]string{"logtostderr": "false", "stderrthreshold": "FATAL"})
		os.Stderr = stderr
	}()
	return f()
}
