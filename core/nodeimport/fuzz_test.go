package nodeimport

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// seedFiles adds every file of testdata as a seed.
func seedFiles(f *testing.F) {
	f.Helper()
	_ = filepath.Walk("testdata", func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && !strings.HasSuffix(p, "import.txt") {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(filepath.Base(p), string(data))
			}
		}
		return nil
	})
}

// FuzzImport imports a single-file dump: it never panics, and every error
// is an *Error whose line lies in the file.
func FuzzImport(f *testing.F) {
	seedFiles(f)
	f.Fuzz(func(t *testing.T, name, content string) {
		n, err := Import("node", []File{{Path: name, Content: content}})
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			if e.Line > strings.Count(content, "\n")+1 {
				t.Fatalf("line %d beyond the input: %v", e.Line, err)
			}
			return
		}
		if n.Input.Config != nil && n.Input.Config.Path == "" {
			t.Fatal("config without a path")
		}
	})
}

func FuzzParseEnvFile(f *testing.F) {
	f.Add("A=1\nB=\"x\\\ny\"\nexport C=2\n")
	f.Add("D='open")
	f.Fuzz(func(t *testing.T, content string) {
		vars, _ := parseEnvFile("f", []byte(content))
		for _, v := range vars {
			if !validEnvName(v.key) {
				t.Fatalf("invalid name %q accepted", v.key)
			}
		}
	})
}

func FuzzServiceCommandLine(f *testing.F) {
	f.Add("[Service]\nEnvironment=\"A=--a b\"\nExecStart=/usr/bin/kubelet $A ${A} \\\n  --c\n", "A=x")
	f.Add("[Service]\nExecStart=@/usr/bin/kubelet kubelet \"--q=\\x41\"\n", "")
	f.Fuzz(func(t *testing.T, unit, envFile string) {
		u, _, err := parseUnit("/etc/systemd/system/kubelet.service", []byte(unit))
		if err != nil {
			return
		}
		svc := assembleService([]unitFile{u})
		_, _, _, _ = svc.commandLine(func(string) (string, string, bool) { return envFile, "env", true })
	})
}

func FuzzConfigz(f *testing.F) {
	f.Add(`{"kubeletconfig":{}}`)
	f.Add(`{"kubeletconfig":{"featureGates":{"A":true}},"x":1}`)
	f.Fuzz(func(t *testing.T, content string) {
		c, err := parseConfigz("c", []byte(content))
		if err == nil && !strings.Contains(c.content, "KubeletConfiguration") {
			t.Fatalf("config without kind: %q", c.content)
		}
	})
}
