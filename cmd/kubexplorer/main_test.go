package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kubexplorer/kubexplorer/internal/siteserver"
)

// TestMain lets the test binary be the CLI (the completion test runs it
// from bash) when KX_RUN_CLI is set.
func TestMain(m *testing.M) {
	if os.Getenv("KX_RUN_CLI") != "" {
		main()
	}
	os.Exit(m.Run())
}

// runCLI runs the command line in-process and returns status, stdout, stderr.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	status := run(&cliEnv{stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}, args)
	return status, out.String(), errb.String()
}

func TestUsageAndUnknownCommand(t *testing.T) {
	status, _, errOut := runCLI(t)
	assert.Equal(t, 2, status)
	assert.Contains(t, errOut, "serve")

	status, out, _ := runCLI(t, "--help")
	assert.Equal(t, 0, status)
	assert.Contains(t, out, "Commands:")

	status, _, errOut = runCLI(t, "frobnicate")
	assert.Equal(t, 2, status)
	assert.Contains(t, errOut, `unknown command "frobnicate"`)

	// The reference in docs/cli.md is the command tree's (make clidoc).
	var b bytes.Buffer
	writeMarkdown(&b, root())
	want, err := os.ReadFile("../../docs/cli.md")
	if err == nil {
		assert.Equal(t, string(want), b.String(), "docs/cli.md is stale: run make clidoc")
	}

	status, out, _ = runCLI(t, "version")
	assert.Equal(t, 0, status)
	assert.True(t, strings.HasPrefix(out, "kubexplorer "))
}

func TestServeFlags(t *testing.T) {
	status, _, errOut := runCLI(t, "serve", "--nope")
	assert.Equal(t, 2, status)
	assert.Contains(t, errOut, "unknown flag: --nope")

	status, _, _ = runCLI(t, "serve", "--help")
	assert.Equal(t, 0, status)

	status, _, errOut = runCLI(t, "serve", "--dir", t.TempDir())
	assert.Equal(t, 1, status)
	assert.Contains(t, errOut, "no built site")

	status, _, errOut = runCLI(t, "serve", "extra")
	assert.Equal(t, 2, status)
	assert.Contains(t, errOut, `unexpected argument "extra"`)
}

func TestServeServesAndShutsDown(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte("hello"), 0o644))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	var out bytes.Buffer
	done := make(chan error, 1)
	go func() { done <- serve(ctx, &cliEnv{stdout: &out, stderr: io.Discard}, ln, dir) }()

	url := "http://" + ln.Addr().String() + "/"
	var res *http.Response
	require.Eventually(t, func() bool {
		res, err = http.Get(url)
		return err == nil
	}, 5*time.Second, 10*time.Millisecond)
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	assert.Equal(t, "hello", string(body))
	assert.Equal(t, siteserver.CSP, res.Header.Get("Content-Security-Policy"))

	cancel()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(5 * time.Second):
		t.Fatal("serve did not stop")
	}
	assert.Contains(t, out.String(), url, "the URL is printed")
}

// brokenPipe is a stdout whose reader has gone.
type brokenPipe struct{}

func (brokenPipe) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

// TestOutputFailure: output that cannot be written is status 3 in every
// format, never 0, nor 1, which gates check and gates diff --exit-code
// give as an answer ("something changes").
func TestOutputFailure(t *testing.T) {
	for _, args := range [][]string{
		{"gates", "diff", "1.32", "1.33", "--exit-code"},
		{"gates", "diff", "1.32", "1.33", "-o", "json"},
		{"gates", "check", "--from", "1.32", "--to", "1.33", "../../core/nodeimport/testdata/nodes/kubeadm-debian"},
		{"gates", "evaluate", "--release", "1.30"},
		{"version", "-o", "yaml"},
	} {
		var errb bytes.Buffer
		status := run(&cliEnv{stdout: brokenPipe{}, stderr: &errb, getenv: func(string) string { return "" }}, args)
		assert.Equal(t, statusFailed, status, "%q", args)
		assert.Contains(t, errb.String(), "writing the output: io: read/write on closed pipe", "%q", args)
	}
}
