package sync_test

import (
	"testing"

	"github.com/kubexplorer/kubexplorer/core/kubefed/scenario/scenariotest"
)

// TestTranscripts runs the scenarios in testdata/. Rewrite with:
// go test ./core/kubefed/controller/sync -rewrite
func TestTranscripts(t *testing.T) { scenariotest.Walk(t, "testdata") }
