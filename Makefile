# The two commands of the README: `make run` and `make test`. Both set everything up first.
.PHONY: setup run test lint

setup:
	bash scripts/setup.sh

run: setup
	npm start

test: setup
	npm run lint
	npm run format:check
	npm test
