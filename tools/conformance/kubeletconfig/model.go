package kubeletconfig

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
)

// model talks to modelrun, kubexplorer's side, built from its own module so
// that the model runs with the dependency versions kubexplorer ships with
// (the release modules pin older ones for the real kubelet code).
type model struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

// modelDir is modelrun's directory, next to this file.
func modelDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "modelrun")
}

// startModel builds modelrun into dir and starts it.
func startModel(dir string) (*model, error) {
	bin := filepath.Join(dir, "modelrun")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Dir = modelDir()
	build.Env = append(os.Environ(), "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building modelrun: %v\n%s", err, out)
	}
	cmd := exec.Command(bin)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	return &model{cmd: cmd, in: in, out: sc}, nil
}

func (m *model) close() {
	m.in.Close()
	m.cmd.Wait()
}

type modelRequest struct {
	Catalog string   `json:"catalog,omitempty"`
	Release string   `json:"release,omitempty"`
	Path    string   `json:"path,omitempty"`
	Data    string   `json:"data,omitempty"`
	Gates   []string `json:"gates,omitempty"`
	// ConfigDir and Dropins: a drop-in directory.
	ConfigDir string       `json:"configDir,omitempty"`
	Dropins   []DropinFile `json:"dropins,omitempty"`
}

// CatalogGate is a gate of the model's catalog with its stage at the release.
type CatalogGate struct {
	Name   string `json:"name"`
	Stage  string `json:"stage"`
	Locked bool   `json:"locked"`
}

type modelAnswer struct {
	Gates        []CatalogGate   `json:"gates"`
	Stage        string          `json:"stage"`
	Error        string          `json:"error"`
	Lenient      string          `json:"lenient"`
	Values       map[string]bool `json:"values"`
	Alternatives []string        `json:"alternatives"`
	Fatal        string          `json:"fatal"`
}

func (m *model) ask(req modelRequest) (modelAnswer, error) {
	b, err := json.Marshal(req)
	if err != nil {
		return modelAnswer{}, err
	}
	if _, err := m.in.Write(append(b, '\n')); err != nil {
		return modelAnswer{}, err
	}
	if !m.out.Scan() {
		return modelAnswer{}, fmt.Errorf("modelrun stopped: %v", m.out.Err())
	}
	var a modelAnswer
	if err := json.Unmarshal(m.out.Bytes(), &a); err != nil {
		return a, err
	}
	if a.Fatal != "" {
		return a, fmt.Errorf("modelrun: %s", a.Fatal)
	}
	return a, nil
}

// catalog returns the model's gates of release.
func (m *model) catalog(release string) ([]CatalogGate, error) {
	a, err := m.ask(modelRequest{Catalog: release})
	return a.Gates, err
}

// load runs the model on a document.
func (m *model) load(release string, data []byte, gates []string) (Outcome, error) {
	return m.run(modelRequest{Release: release, Path: ConfigPath, Data: string(data), Gates: gates})
}

// loadDropins runs the model on a document and a drop-in directory.
func (m *model) loadDropins(release string, data []byte, files []DropinFile, gates []string) (Outcome, error) {
	return m.run(modelRequest{Release: release, Path: ConfigPath, Data: string(data), Gates: gates, ConfigDir: DropinDir, Dropins: files})
}

func (m *model) run(req modelRequest) (Outcome, error) {
	a, err := m.ask(req)
	if err != nil {
		return Outcome{}, err
	}
	o := Outcome{Stage: a.Stage, Error: a.Error, Gates: a.Values, Alternatives: a.Alternatives}
	if a.Lenient != "" {
		o.Lenient = Payload(a.Lenient)
	}
	if o.Gates == nil {
		o.Gates = map[string]bool{}
	}
	return o, nil
}
