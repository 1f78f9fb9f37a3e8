import PMBoardKit

await PMBoardCommand.runMain()
