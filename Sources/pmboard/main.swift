import PMBoardCLI

await PMBoardCommand.runMain()
